import { parentPort } from 'node:worker_threads';
import { runEInvoiceTask, type EInvoiceTask } from './einvoice-task';

/** The thread the EInvoiceChecker runs its tasks in (the rules, reading terms, taking out attachments): one request, one answer, by id. */
parentPort?.on('message', (request: { id: number; bytes: Uint8Array; task?: EInvoiceTask }) => {
  runEInvoiceTask(request.bytes, request.task ?? { kind: 'check' }).then(
    (result) => parentPort?.postMessage({ id: request.id, result }),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
