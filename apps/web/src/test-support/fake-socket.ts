import type { SocketTransport } from '../api/feathers-client';
import { ACK_TIMEOUT_MS } from '../api/socket-transport';

// Listeners and handlers take whatever their event or call carries, as the real socket's do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (...args: any[]) => unknown;

export interface RecordedCall {
  method: string;
  path: string;
  args: unknown[];
  timeout: number;
}

/**
 * A fake socket.io socket speaking the Feathers protocol: calls are answered by handlers registered per
 * `method path`; a handler that throws answers with that error object; a missing handler times out.
 * Like socket.io-client with `ackTimeout`, acknowledgements are error-first with the timeout error in front
 * (`ack(timeoutError, error, result)`), and emits made while disconnected are sent on the next connect.
 */
export class FakeSocket implements SocketTransport {
  connected = true;
  /** Read by the official client: acknowledgements carry the timeout error first. */
  readonly _opts = { ackTimeout: ACK_TIMEOUT_MS };
  readonly calls: RecordedCall[] = [];
  private readonly handlers = new Map<string, Handler>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private buffered: unknown[][] = [];

  handle(method: string, path: string, handler: Handler): this {
    this.handlers.set(`${method} ${path}`, handler);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    if (!this.connected) {
      this.buffered.push([event, ...args]);
      return this;
    }
    const ack = args.pop() as (...a: unknown[]) => void;
    const [path, ...rest] = args as [string, ...unknown[]];
    this.calls.push({ method: event, path, args: rest, timeout: this._opts.ackTimeout });
    const handler = this.handlers.get(`${event} ${path}`);
    queueMicrotask(() => {
      if (!handler) return ack(new Error('operation has timed out'));
      Promise.resolve()
        .then(() => handler(...rest))
        .then(
          (result) => ack(null, null, result),
          (error) => ack(null, error),
        );
    });
    return this;
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** The server pushes an event, e.g. `push('accounting-client patched', company)`. */
  push(event: string, ...args: unknown[]): void {
    this.listeners.get(event)?.forEach((l) => l(...args));
  }

  connect(): this {
    this.connected = true;
    const buffered = this.buffered;
    this.buffered = [];
    for (const [event, ...args] of buffered) this.emit(event as string, ...args);
    this.push('connect');
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.push('disconnect', 'io client disconnect');
    return this;
  }

  callsOf(method: string, path: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }
}

/** Let queued microtasks and promise chains settle. */
export async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise<void>((r) => setImmediate(r));
}
