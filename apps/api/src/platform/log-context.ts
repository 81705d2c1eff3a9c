import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of one HTTP request or gateway call carries. */
export interface LogContext {
  requestId: string;
  /** The correlation id its commands record in their events' metadata. */
  correlationId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}
