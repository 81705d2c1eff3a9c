import { parentPort } from 'node:worker_threads';
import { checkEInvoiceFile } from './check-einvoice-file';

/** The thread the EInvoiceChecker runs the rules in: one request, one answer, by id. */
parentPort?.on('message', (request: { id: number; bytes: Uint8Array }) => {
  checkEInvoiceFile(request.bytes).then(
    (result) => parentPort?.postMessage({ id: request.id, result }),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
