import { join, resolve } from 'node:path';
import { FolderBlobStore, GridFsBlobStore } from '@portal/blob-store';
import { InProcessBus, KafkaBus } from '@portal/bus';
import { EsdbEventStore, SqliteEventStore } from '@portal/event-store';
import { MongoReadStore, SqliteReadStore } from '@portal/read-store';
import { ALL_PROJECTIONS } from './projections';
import { Projector } from './runtime/projector';

/** `npm run start:projector`: the projector as its own process (production: EVENTSTORE_URL, MONGO_URL, KAFKA_BROKERS). */
async function main(): Promise<void> {
  const env = process.env;
  const dataDir = resolve(env.PORTAL_DATA_DIR ?? 'data');
  const events = env.EVENTSTORE_URL ? EsdbEventStore.connect(env.EVENTSTORE_URL) : new SqliteEventStore(join(dataDir, 'events.sqlite'));
  const reads = env.MONGO_URL ? await MongoReadStore.connect(env.MONGO_URL, env.MONGO_DB ?? 'tax-portal') : new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
  const brokers = env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
  const bus = brokers?.length ? await KafkaBus.connect({ brokers, clientId: 'tax-portal-projector' }) : new InProcessBus();
  const blobs = env.MONGO_URL ? await GridFsBlobStore.connect(env.MONGO_URL, env.MONGO_DB ?? 'tax-portal') : new FolderBlobStore(join(dataDir, 'blobs'));
  const readText = async (sha256: string) => (await blobs.get(sha256))?.toString('utf8') ?? null;
  const projector = new Projector(events, reads, bus, ALL_PROJECTIONS, { readText, onError: (e) => process.stderr.write(`projector: ${String(e)}\n`) });
  await projector.start();
  process.stdout.write(`Projector running from position ${String(projector.currentPosition)}\n`);
  const stop = async () => {
    await projector.stop();
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
  process.stderr.write(`projector failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
