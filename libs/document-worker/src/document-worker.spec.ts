import type { Bus } from '@portal/bus';
import type { BlobStore } from '@portal/blob-store';
import type { CommandRuntime } from '@portal/commands';
import type { DocumentProgress, DocumentWorkItem } from '@portal/messages';
import { DocumentWorker } from './document-worker';

/** A bus that keeps every progress message; a file store with one file; a runtime that accepts every command; a reading held until released. */
function worker() {
  const progress: DocumentProgress[] = [];
  let deliver: (m: { value: unknown }) => unknown = () => undefined;
  const bus = {
    publish: async (_topic: string, messages: Array<{ value: unknown }>) => {
      for (const m of messages) progress.push(m.value as DocumentProgress);
    },
    subscribe: async (_topic: string, _group: string, handler: (m: { value: unknown }) => unknown) => {
      deliver = handler;
      return { close: async () => undefined };
    },
  } as unknown as Bus;
  const blobs = { get: async () => Buffer.from('%PDF-1.4'), put: async () => 'x'.repeat(64) } as unknown as BlobStore;
  const runtime = { execute: async () => ({ events: [], revision: 1 }) } as unknown as CommandRuntime;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const w = new DocumentWorker(bus, blobs, runtime, {
    extract: async () => {
      await gate;
      return { origin: 2, text: '', pages: 0, pageOrigins: [], fields: {}, fieldOrigins: {}, ms: 0 };
    },
  });
  const item = (documentId: number, priority: DocumentWorkItem['priority']): DocumentWorkItem => ({
    documentId,
    clientNo: 1001,
    sha256: 'a'.repeat(64),
    mediaType: 'application/pdf',
    fileName: `${documentId}.pdf`,
    priority,
  });
  return { w, progress, item, release, deliver: (value: DocumentWorkItem) => deliver({ value }) };
}

describe('DocumentWorker reading line', () => {
  it('reads a person upload before bulk intake queued earlier, and tells it its place and wait', async () => {
    const { w, progress, item, release } = worker();
    const runs = [w.enqueue(item(1, 'bulk')), w.enqueue(item(2, 'bulk')), w.enqueue(item(3, 'bulk')), w.enqueue(item(9, 'person'))];

    await new Promise((resolve) => setTimeout(resolve, 10));
    // Document 1 is being read; the person's upload is next, ahead of 2 and 3.
    const placeOf9 = progress.filter((p) => p.documentId === 9 && p.queue_position !== undefined).at(-1);
    expect(placeOf9).toMatchObject({ stage: 'uploaded', queue_position: 1, estimate_seconds: expect.any(Number) });
    expect(progress.filter((p) => p.documentId === 3 && p.queue_position !== undefined).at(-1)).toMatchObject({ queue_position: 3 });
    release();
    await Promise.all(runs);
    const started = progress.filter((p) => p.stage === 'extracting').map((p) => p.documentId);
    expect(started).toEqual([1, 9, 2, 3]);
    await w.stop();
  });

  it('tells the waiting documents of a burst of uploads their places once, not once per upload', async () => {
    const { w, progress, item, release } = worker();
    const runs = Array.from({ length: 100 }, (_, i) => w.enqueue(item(i + 1, 'bulk')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const places = progress.filter((p) => p.queue_position !== undefined);
    // The first document is being read; the 20 next are told their places (once each), the rest wait untold.
    expect(places.map((p) => p.documentId)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(places.map((p) => p.queue_position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    release();
    await Promise.all(runs);
    await w.stop();
  });

  it('takes each message off the bus at once, so the bus never holds a person upload behind bulk intake', async () => {
    const { w, progress, item, release, deliver } = worker();
    await w.start();
    // The bus waits for its handler before the next message: the handler must answer before the reading is done.
    for (const id of [1, 2, 3]) expect(deliver(item(id, 'bulk'))).toBeUndefined();
    deliver(item(9, 'person'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(progress.filter((p) => p.documentId === 9 && p.queue_position !== undefined).at(-1)).toMatchObject({ queue_position: 1 });
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await w.stop();
    expect(progress.filter((p) => p.stage === 'extracting').map((p) => p.documentId)).toEqual([1, 9, 2, 3]);
  });
});
