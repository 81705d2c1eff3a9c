import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { InProcessBus, KafkaBus, type Bus } from '@portal/bus';
import { EsdbEventStore, SqliteEventStore, type EventStore } from '@portal/event-store';
import { MongoReadStore, SqliteReadStore, type ReadStore } from '@portal/read-store';
import type { PortalConfig } from '../config/portal-config';

export interface Ports {
  events: EventStore;
  reads: ReadStore;
  bus: Bus;
  describe: { events: string; reads: string; bus: string };
  close(): Promise<void>;
}

/** The adapters the environment picks: embedded SQLite and an in-process bus unless production URLs are set. */
export async function openPorts(config: PortalConfig): Promise<Ports> {
  mkdirSync(config.dataDir, { recursive: true });
  const events = config.eventStoreUrl ? EsdbEventStore.connect(config.eventStoreUrl) : new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  const reads = config.mongoUrl ? await MongoReadStore.connect(config.mongoUrl, config.mongoDb) : new SqliteReadStore(join(config.dataDir, 'read-models.sqlite'));
  const bus = config.kafkaBrokers ? await KafkaBus.connect({ brokers: config.kafkaBrokers, clientId: 'tax-portal' }) : new InProcessBus();
  return {
    events,
    reads,
    bus,
    describe: {
      events: config.eventStoreUrl ? 'EventStoreDB' : 'SQLite',
      reads: config.mongoUrl ? 'MongoDB' : 'SQLite',
      bus: config.kafkaBrokers ? 'Kafka' : 'in-process',
    },
    async close() {
      await bus.close();
      await events.close();
      await reads.close();
    },
  };
}
