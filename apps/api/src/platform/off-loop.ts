import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** What a worker of `offLoop` posts back: the value, or the error's name and message. */
export type OffLoopReply<T> = { ok: true; value: T } | { ok: false; error: { name: string; message: string } };

/**
 * Runs a CPU-heavy pure step (parsing an uploaded file) in a worker thread, so the event loop keeps
 * answering (/health, the sockets) while a large file is read. The worker file is the compiled script
 * beside the caller; where it is absent (specs run from the TypeScript sources) the step runs in-process.
 * A failure comes back as an error of the same name and message; `revive` turns it into the caller's class.
 */
export function offLoop<T>(
  workerFile: string,
  input: unknown,
  inProcess: () => T,
  revive: (error: { name: string; message: string }) => Error = reviveError,
): Promise<T> {
  if (!existsSync(workerFile)) return new Promise<T>((resolve) => resolve(inProcess()));
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: input });
    let settled = false;
    worker.once('message', (reply: OffLoopReply<T>) => {
      settled = true;
      if (reply.ok) resolve(reply.value);
      else reject(revive(reply.error));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the worker stopped (exit code ${code}) before it answered`));
    });
  });
}

function reviveError(error: { name: string; message: string }): Error {
  return Object.assign(new Error(error.message), { name: error.name });
}

/** The worker's side: runs the step on its input and posts the reply. */
export function answerOffLoop<T>(port: { postMessage(value: unknown): void } | null, step: () => T): void {
  let reply: OffLoopReply<T>;
  try {
    reply = { ok: true, value: step() };
  } catch (error) {
    reply = { ok: false, error: { name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) } };
  }
  port?.postMessage(reply);
}
