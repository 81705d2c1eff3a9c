import { join, resolve } from 'node:path';
import { FolderBlobStore, GridFsBlobStore } from '@portal/blob-store';
import { InProcessBus, KafkaBus } from '@portal/bus';
import { CommandRuntime } from '@portal/commands';
import { EsdbEventStore, SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS } from '@portal/projector';
import { MongoReadStore, SqliteReadStore } from '@portal/read-store';
import { DocumentWorker } from './document-worker';

/** `npm run start:ocr-worker`: the extraction worker as its own process (production: EVENTSTORE_URL, MONGO_URL, KAFKA_BROKERS). */
async function main(): Promise<void> {
  const env = process.env;
  const dataDir = resolve(env.PORTAL_DATA_DIR ?? 'data');
  const events = env.EVENTSTORE_URL ? EsdbEventStore.connect(env.EVENTSTORE_URL) : new SqliteEventStore(join(dataDir, 'events.sqlite'));
  const reads = env.MONGO_URL ? await MongoReadStore.connect(env.MONGO_URL, env.MONGO_DB ?? 'tax-portal') : new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
  await reads.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
  const blobs = env.MONGO_URL ? await GridFsBlobStore.connect(env.MONGO_URL, env.MONGO_DB ?? 'tax-portal') : new FolderBlobStore(join(dataDir, 'blobs'));
  const brokers = env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
  const bus = brokers?.length ? await KafkaBus.connect({ brokers, clientId: 'tax-portal-ocr-worker' }) : new InProcessBus();
  const worker = new DocumentWorker(bus, blobs, new CommandRuntime(events), { log: (m) => process.stderr.write(`${m}\n`) });
  await worker.start();
  const recovered = await worker.recoverPending(reads);
  process.stdout.write(`ocr-worker running; ${recovered} pending documents queued\n`);
  const stop = async () => {
    await worker.stop();
    await bus.close();
    await events.close();
    await reads.close();
    await blobs.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`ocr-worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
