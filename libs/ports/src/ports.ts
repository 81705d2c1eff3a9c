import { join, resolve } from 'node:path';
import { FolderBlobStore, GridFsBlobStore, type BlobStore } from '@portal/blob-store';
import { InProcessBus, KafkaBus, type Bus } from '@portal/bus';
import { EsdbEventStore, SqliteEventStore, type EventStore } from '@portal/event-store';
import { MongoReadStore, PooledSqliteReadStore, SqliteReadPool, SqliteReadStore, type ReadStore } from '@portal/read-store';
import { secureDataDir } from './data-dir';

/** Where the ports live: SQLite files, a folder and an in-process bus unless production URLs are set. */
export interface PortsConfig {
  dataDir: string;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
  kafkaBrokers: string[] | null;
  /** Worker threads answering finds and searches of the SQLite read store (PORTAL_READ_WORKERS; 0: on the event loop). */
  readWorkers?: number;
  /**
   * How often SQLite followers look for commits of other processes without being woken (PORTAL_POLL_MS, default
   * 200 ms): the projector for appended events, every api for change-feed batches. A commit wakes the followers of
   * the other processes at once through a watched `<file>-wake` (FileWake), so the poll is only the fallback for a
   * lost wake-up; without a watch they poll every 10 ms.
   */
  pollMs?: number;
  /**
   * Whether the SQLite event log's group commits are written by a thread of their own (PORTAL_APPEND_THREAD, default
   * 1): the write-lock wait and the COMMIT's fsync then do not hold the event loop. 0 writes them on the loop.
   */
  appendThread?: boolean;
}

const DEFAULT_READ_WORKERS = 2;
const DEFAULT_POLL_MS = 200;

/** The embedded read store; its finds and searches in worker threads when the compiled worker is there. */
function sqliteReadStore(file: string, workers: number, pollMs: number): ReadStore {
  const store = new SqliteReadStore(file, { feedPollMs: pollMs });
  if (workers <= 0 || !SqliteReadPool.available()) return store;
  return new PooledSqliteReadStore(store, new SqliteReadPool(file, workers));
}

/** The environment variables of the README (PORTAL_DATA_DIR, EVENTSTORE_URL, MONGO_URL, MONGO_DB, KAFKA_BROKERS). */
export function portsConfigFromEnv(env: NodeJS.ProcessEnv): PortsConfig {
  const brokers = env.KAFKA_BROKERS?.split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  return {
    dataDir: resolve(env.PORTAL_DATA_DIR ?? 'data'),
    eventStoreUrl: env.EVENTSTORE_URL || null,
    mongoUrl: env.MONGO_URL || null,
    mongoDb: env.MONGO_DB ?? 'tax-portal',
    kafkaBrokers: brokers?.length ? brokers : null,
    readWorkers: Number(env.PORTAL_READ_WORKERS ?? DEFAULT_READ_WORKERS),
    pollMs: Number(env.PORTAL_POLL_MS ?? DEFAULT_POLL_MS),
    appendThread: env.PORTAL_APPEND_THREAD !== '0',
  };
}

export interface Ports {
  events: EventStore;
  reads: ReadStore;
  bus: Bus;
  blobs: BlobStore;
  describe: { events: string; reads: string; bus: string; blobs: string };
  close(): Promise<void>;
}

/** The adapters the environment picks: embedded SQLite and an in-process bus unless production URLs are set. */
export async function openPorts(config: PortsConfig, hooks: { onCommit?(appends: number, events: number): void } = {}): Promise<Ports> {
  secureDataDir(config.dataDir);
  const pollMs = config.pollMs ?? DEFAULT_POLL_MS;
  const events = config.eventStoreUrl
    ? EsdbEventStore.connect(config.eventStoreUrl)
    : new SqliteEventStore(join(config.dataDir, 'events.sqlite'), {
        pollIntervalMs: pollMs,
        appendInThread: config.appendThread ?? true,
        ...(hooks.onCommit ? { onCommit: hooks.onCommit } : {}),
      });
  const reads = config.mongoUrl
    ? await MongoReadStore.connect(config.mongoUrl, config.mongoDb)
    : sqliteReadStore(join(config.dataDir, 'read-models.sqlite'), config.readWorkers ?? DEFAULT_READ_WORKERS, pollMs);
  const bus = config.kafkaBrokers ? await KafkaBus.connect({ brokers: config.kafkaBrokers, clientId: 'tax-portal' }) : new InProcessBus();
  const blobs = config.mongoUrl ? await GridFsBlobStore.connect(config.mongoUrl, config.mongoDb) : new FolderBlobStore(join(config.dataDir, 'blobs'));
  return {
    events,
    reads,
    bus,
    blobs,
    describe: {
      blobs: config.mongoUrl ? 'GridFS' : 'folder',
      events: config.eventStoreUrl ? 'EventStoreDB' : 'SQLite',
      reads: config.mongoUrl ? 'MongoDB' : 'SQLite',
      bus: config.kafkaBrokers ? 'Kafka' : 'in-process',
    },
    async close() {
      await bus.close();
      await events.close();
      await reads.close();
      await blobs.close();
    },
  };
}
