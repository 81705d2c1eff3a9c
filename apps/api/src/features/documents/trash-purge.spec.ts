import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderBlobStore } from '@portal/blob-store';
import { CommandRuntime } from '@portal/commands';
import { companyDecider, documentDecider, documentStreamId } from '@portal/domain';
import { SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS, Projector } from '@portal/projections';
import { COMPANIES, DOCUMENTS } from '@portal/read-models';
import { SqliteReadStore } from '@portal/read-store';
import { TrashPurge } from './trash-purge';

async function setup() {
  const events = new SqliteEventStore(':memory:');
  const reads = new SqliteReadStore(':memory:');
  const blobs = new FolderBlobStore(mkdtempSync(join(tmpdir(), 'purge-blobs-')));
  let clock = new Date('2026-03-01T10:00:00Z');
  const runtime = new CommandRuntime(events, () => clock);
  const projector = new Projector(events, reads, ALL_PROJECTIONS);
  await projector.prepare();
  const sync = async () => {
    for (;;) {
      const page = await events.readAll(projector.currentPosition, 1000);
      if (page.length === 0) return;
      await projector.applyBatch(page);
    }
  };
  const ctx = { userId: 'u1', clientNo: 1001 };
  await runtime.execute(
    companyDecider,
    'company-1001',
    { type: 'RegisterCompany', company_no: 1001, company_name: 'Alpenblick GmbH', company_place: 'Innsbruck' },
    ctx,
  );
  const upload = async (documentId: number, bytes: string) => {
    const sha256 = await blobs.put(Buffer.from(bytes));
    await runtime.execute(
      documentDecider,
      documentStreamId(documentId),
      {
        type: 'UploadDocument',
        documentId,
        clientNo: 1001,
        fileName: `${documentId}.pdf`,
        mediaType: 'application/pdf',
        size: bytes.length,
        sha256,
        category: 'ER_U',
      },
      ctx,
    );
    return sha256;
  };
  return { events, reads, blobs, runtime, sync, upload, ctx, setClock: (iso: string) => (clock = new Date(iso)) };
}

describe('trash purge (scheduled command)', () => {
  it('purges a document 30 days after it was moved to the trash, removes its file and keeps the purge event', async () => {
    const t = await setup();
    const sha = await t.upload(1, '%PDF-1 first');
    await t.runtime.execute(documentDecider, documentStreamId(1), { type: 'MoveDocumentToTrash' }, t.ctx);
    await t.sync();
    expect(await t.reads.get(COMPANIES, 1001)).toMatchObject({ notifications: { invoices: 0, documents: 0 } });

    let now = new Date('2026-03-31T09:59:00Z');
    const purge = new TrashPurge(t.reads, t.blobs, t.runtime, () => now);
    expect(await purge.runOnce()).toEqual({ purged: 0, blobsRemoved: 0, failed: 0 });
    expect(await t.blobs.has(sha)).toBe(true);

    now = new Date('2026-03-31T10:00:01Z');
    expect(await purge.runOnce()).toEqual({ purged: 1, blobsRemoved: 1, failed: 0 });
    await t.sync();
    expect(await t.blobs.has(sha)).toBe(false);
    expect(await t.reads.get(DOCUMENTS, 1)).toBeNull();
    expect((await t.events.readStream(documentStreamId(1))).map((e) => e.type)).toEqual(['DocumentUploaded', 'DocumentMovedToTrash', 'DocumentPurged']);
  });

  it('leaves restored documents and files still used by another document alone', async () => {
    const t = await setup();
    await t.upload(1, '%PDF-1 kept');
    await t.runtime.execute(documentDecider, documentStreamId(1), { type: 'MoveDocumentToTrash' }, t.ctx);
    await t.runtime.execute(documentDecider, documentStreamId(1), { type: 'RestoreDocument' }, t.ctx);
    const shared = await t.upload(2, '%PDF-1 shared');
    await t.upload(3, '%PDF-1 shared');
    await t.runtime.execute(documentDecider, documentStreamId(2), { type: 'MoveDocumentToTrash' }, t.ctx);
    await t.sync();
    expect(await t.reads.get(COMPANIES, 1001)).toMatchObject({ notifications: { invoices: 2, documents: 2 } });
    const purge = new TrashPurge(t.reads, t.blobs, t.runtime, () => new Date('2026-06-01T00:00:00Z'));
    expect(await purge.runOnce()).toEqual({ purged: 1, blobsRemoved: 0, failed: 0 });
    await t.sync();
    expect(await t.blobs.has(shared)).toBe(true);
    expect(await t.reads.get(DOCUMENTS, 1)).toMatchObject({ deleted: false });
  });
});
