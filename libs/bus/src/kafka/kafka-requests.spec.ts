import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore, recordSummary, type FeedChange } from '@portal/read-store';
import type { Bus, BusMessage } from '../bus.port';
import { READ_MODEL_TOPIC, type ReadModelChangeMessage } from '@portal/messages';
import { FeedRelay } from '../feed-relay';
import { kafkaRequests, MAX_REQUEST_BYTES, MessageTooLarge, recordBytes } from './kafka-requests';

const encoded = (n: number, bytes: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i % 7}`, value: 'x'.repeat(bytes) }));
const size = (request: Array<{ key: string; value: string }>) => request.reduce((sum, m) => sum + recordBytes(m), 512);

/** A bus that records what KafkaBus would send: each publish as its produce requests. */
class RecordingBus implements Bus {
  readonly requests: Array<Array<{ key: string; value: string }>> = [];
  readonly messages: Array<BusMessage<ReadModelChangeMessage>> = [];
  async publish<T>(topic: string, messages: Array<{ key: string; value: T }>): Promise<void> {
    const json = messages.map(({ key, value }) => ({ key, value: JSON.stringify(value) }));
    this.requests.push(...kafkaRequests(topic, json));
    for (const { key, value } of messages) this.messages.push({ topic, key, value: value as unknown as ReadModelChangeMessage });
  }
  async subscribe(): Promise<never> {
    throw new Error('not here');
  }
  async close(): Promise<void> {}
}

async function until(probe: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !probe(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!probe()) throw new Error('condition not met');
}

describe('Kafka produce requests', () => {
  it('split a large publish, in order, into requests a broker accepts', () => {
    const messages = encoded(3000, 1000);
    const requests = kafkaRequests('t', messages);
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) expect(size(request)).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    expect(requests.flat()).toEqual(messages);
  });

  it('refuse a single message larger than a broker accepts, naming it', () => {
    expect(() => kafkaRequests('read-model-changes', [{ key: 'documents/7', value: 'x'.repeat(MAX_REQUEST_BYTES) }])).toThrow(MessageTooLarge);
    expect(() => kafkaRequests('read-model-changes', [{ key: 'documents/7', value: 'x'.repeat(MAX_REQUEST_BYTES) }])).toThrow(/documents\/7.*small messages/);
  });
});

describe('change feed relay', () => {
  it('publishes a huge batch as small keyed messages, none and no request above 1 MB, then remembers its position', async () => {
    const reads = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'relay-')), 'reads.sqlite'));
    await reads.ensureCollections([{ name: 'documents', indexes: [] }]);
    // 10,000 removed documents with OCR text and line items: the feed keeps each as it was in its small form only.
    const text = 'Rechnung Nr. 2026-00123 Leistungszeitraum '.repeat(2000);
    const lines = Array.from({ length: 200 }, (_, n) => ({ n, amount: n * 1.5 }));
    const changes: FeedChange[] = Array.from({ length: 10_000 }, (_, i) => ({
      collection: 'documents',
      id: i,
      event: 'removed',
      before: recordSummary({ id: i, client_no: 1001, payroll: false, category: 'ER', ocr_text: text, title: `Rechnung ${i}`, lines }),
    }));
    await reads.transaction(async (tx) => {
      await tx.appendFeed({ position: 41, changes: [{ collection: 'documents', id: 'early', event: 'created' }] });
    });
    await reads.feed.saveReader('kafka-relay', 41);
    await reads.transaction(async (tx) => {
      await tx.setCheckpoint('documents@v1', 42);
      await tx.appendFeed({ position: 42, changes });
    });
    const bus = new RecordingBus();
    const relay = new FeedRelay(reads.feed, bus);
    await relay.start();
    await until(() => bus.messages.length === 10_000);
    await new Promise((r) => setTimeout(r, 100));
    await relay.stop();
    expect(bus.messages.every((m) => m.topic === READ_MODEL_TOPIC)).toBe(true);
    expect(bus.messages[0]).toEqual({
      topic: READ_MODEL_TOPIC,
      key: 'documents/0',
      value: {
        position: 42,
        collection: 'documents',
        id: 0,
        event: 'removed',
        before: expect.objectContaining({ id: 0, client_no: 1001, payroll: false, category: 'ER' }),
      },
    });
    expect(new Set(bus.messages.map((m) => m.key)).size).toBe(10_000);
    const largest = Math.max(...bus.requests.flat().map(recordBytes));
    expect(largest).toBeLessThan(5_000);
    for (const request of bus.requests) expect(size(request)).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    expect(bus.requests.length).toBeGreaterThan(1);
    expect(await reads.feed.readerPosition('kafka-relay')).toBe(42);
    await reads.close();
  });

  it('a publish the bus refused is tried again, and the position stays until it went out', async () => {
    const reads = new SqliteReadStore(':memory:');
    await reads.ensureCollections([{ name: 'companies', indexes: [] }]);
    await reads.feed.saveReader('kafka-relay', 0);
    await reads.transaction((tx) => tx.appendFeed({ position: 5, changes: [{ collection: 'companies', id: 1001, event: 'patched' }] }));
    let refusals = 1;
    const sent: string[] = [];
    const flaky: Bus = {
      publish: async (_topic, messages) => {
        if (refusals-- > 0) throw new Error('broker unavailable');
        sent.push(...messages.map((m) => m.key));
      },
      subscribe: async () => {
        throw new Error('not here');
      },
      close: async () => undefined,
    };
    const errors: unknown[] = [];
    const relay = new FeedRelay(reads.feed, flaky, { onError: (e) => errors.push(e) });
    await relay.start();
    await until(() => errors.length === 1);
    expect(await reads.feed.readerPosition('kafka-relay')).toBe(0);
    await until(() => sent.length === 1);
    await relay.stop();
    expect(sent).toEqual(['companies/1001']);
    expect(await reads.feed.readerPosition('kafka-relay')).toBe(5);
  });
});
