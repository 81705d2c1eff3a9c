import { checkTopology } from '@portal/bus';
import { CommandRuntime } from '@portal/commands';
import { DocumentWorker, rpaSuggestionHook, WORKER_USER } from '@portal/document-worker';
import { openPorts, portsConfigFromEnv } from '@portal/ports';
import { READ_MODEL_COLLECTIONS } from '@portal/read-models';

/** `npm run start:ocr-worker`: the extraction worker as its own process (production: EVENTSTORE_URL, MONGO_URL, KAFKA_BROKERS). */
async function main(): Promise<void> {
  const ports = await openPorts(portsConfigFromEnv(process.env));
  try {
    checkTopology({ roles: { api: false, projector: false, ocrWorker: true }, bus: ports.describe.bus, changeFeed: true });
  } catch (error) {
    await ports.close();
    throw error;
  }
  await ports.reads.ensureCollections([...READ_MODEL_COLLECTIONS]);
  const runtime = new CommandRuntime(ports.events);
  const worker = new DocumentWorker(ports.bus, ports.blobs, runtime, {
    log: (m) => process.stderr.write(`${m}\n`),
    suggest: rpaSuggestionHook(ports.reads, runtime, WORKER_USER),
    reads: ports.reads,
  });
  await worker.start();
  const recovered = await worker.recoverPending(ports.reads);
  process.stdout.write(`ocr-worker running; ${recovered} pending documents queued\n`);
  // E-invoices read before the present reading of their terms get them from their files, once per reading (a command each).
  void worker.readEInvoiceTermsAgain(ports.reads).then(
    (read) => read > 0 && process.stdout.write(`read the terms of ${read} e-invoices again from their files\n`),
    (error: unknown) => process.stderr.write(`e-invoice terms after start: ${String(error)}\n`),
  );
  const stop = async () => {
    await worker.stop();
    await ports.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`ocr-worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
