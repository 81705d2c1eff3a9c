import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { DOCUMENT_FLAGS, type DocumentBookingFields, type ExportJob } from '@portal/contracts';
import type { CommandContext, CommandOutcome } from '@portal/commands';
import { EMPTY_BOOKING_FIELDS, type Decider, type DomainEvent } from '@portal/domain';
import { ACC_PERIODS, DOCUMENTS } from '@portal/read-models';
import type { Doc } from '@portal/read-store';
import { exportRunner } from './export-runner';
import { readZip } from '../../../test/zip-archive';

const AT = new Date('2026-04-02T10:15:30.000Z');

function world() {
  const records = new Map<string, Doc>();
  const blobs = new Map<string, Buffer>();
  const streams = new Map<string, unknown[]>();
  const sent: Array<{ streamId: string; command: unknown; commandId: string | undefined; userId: string }> = [];
  const send = async <S, C, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: C,
    context: CommandContext,
  ): Promise<CommandOutcome> => {
    const history = (streams.get(streamId) ?? []) as E[];
    const events = decider.decide(command, history.reduce(decider.evolve, decider.initialState), { now: AT.toISOString(), userId: context.userId });
    streams.set(streamId, [...history, ...events]);
    sent.push({ streamId, command, commandId: context.commandId, userId: context.userId });
    return { streamId, revision: history.length + events.length - 1, position: null, events: [], duplicate: false };
  };
  const runner = exportRunner({
    reads: { get: async <Row>(collection: string, id: string | number) => (records.get(`${collection}/${id}`) ?? null) as Row | null },
    blobs: {
      get: async (sha) => blobs.get(sha) ?? null,
      putStream: async (source) => {
        const bytes = await buffer(source);
        const sha = createHash('sha256').update(bytes).digest('hex');
        blobs.set(sha, bytes);
        return sha;
      },
    },
    commands: { send },
    now: () => AT,
  });
  const put = (collection: string, doc: Doc) => records.set(`${collection}/${doc.id}`, doc);
  return { records, blobs, streams, sent, runner, put };
}

type World = ReturnType<typeof world>;

/** A booked document with its history (uploaded, confirmed, booked) and its original in the blob store. */
function bookedDocument(w: World, id: number, booking: Partial<DocumentBookingFields>) {
  const pdf = Buffer.from(`%PDF-1.7 document ${id}`);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  w.blobs.set(sha256, pdf);
  const fields = {
    ...EMPTY_BOOKING_FIELDS,
    invoice_number: `RE-${id}`,
    invoice_date: '2026-03-12',
    biller: 'Bergbahnen AG',
    currency: 'EUR',
    net_amount: 100,
    tax_amount: 20,
    gross_amount: 120,
    tax_rate: 20,
    supplier_account: '330100',
    expense_account: '510000',
    ...booking,
  };
  w.put(DOCUMENTS, {
    id,
    client_no: 1001,
    category: 'ER',
    title: `Beleg ${id}`,
    file_name: `beleg-${id}.pdf`,
    media_type: 'application/pdf',
    sha256,
    flags: DOCUMENT_FLAGS.Confirmed | DOCUMENT_FLAGS.Booked,
    booking: fields,
  });
  w.streams.set(`document-${id}`, [
    {
      type: 'DocumentUploaded',
      data: {
        documentId: id,
        clientNo: 1001,
        fileName: `beleg-${id}.pdf`,
        mediaType: 'application/pdf',
        size: pdf.length,
        sha256,
        category: 'ER_U',
        title: `Beleg ${id}`,
      },
    },
    { type: 'DocumentConfirmed', data: { category: 'ER' } },
    { type: 'DocumentBooked', data: {} },
  ]);
  return sha256;
}

function requestedJob(w: World, documentIds: number[]): ExportJob {
  w.put(ACC_PERIODS, { id: '1001-2026', client_no: 1001, accounting: 2026, start: '2026-01-01', end: '2026-12-31', current: true });
  w.streams.set('export-job-1', [
    { type: 'ExportRequested', data: { exportId: 'job-1', client_no: 1001, accounting: 2026, format: 'DATEV', documentIds, requestedBy: 'user-7' } },
  ]);
  return {
    id: 'job-1',
    client_no: 1001,
    accounting: 2026,
    format: 'DATEV',
    status: 'in progress',
    document_ids: documentIds,
    requested_by: 'user-7',
    requested_at: AT.toISOString(),
    finished_at: null,
    count: null,
    file_name: null,
    file_sha256: null,
    document_results: [],
    reason: null,
    revision: 0,
    updated_at: AT.toISOString(),
  };
}

const lastEvent = (w: World, streamId: string) => (w.streams.get(streamId) ?? []).at(-1) as DomainEvent<string, Record<string, unknown>>;

describe('export runner', () => {
  it('completes the job with the ZIP and a result per document: imported, imported with an info note, error with the reason', async () => {
    const w = world();
    bookedDocument(w, 1, {});
    bookedDocument(w, 2, { invoice_number: 'RE 2026_2' });
    bookedDocument(w, 3, { expense_account: null });
    await w.runner.run(requestedJob(w, [1, 2, 3]));
    const completed = lastEvent(w, 'export-job-1');
    expect(completed.type).toBe('ExportCompleted');
    expect(completed.data).toMatchObject({
      fileName: 'export-1001-2026-DATEV-20260402T1015.zip',
      count: 2,
      documentResults: [
        { documentId: 1, status: 'imported', reason: 'DATEV export export-1001-2026-DATEV-20260402T1015.zip' },
        { documentId: 2, status: 'info', reason: 'invoice number (Belegfeld 1) written as "RE20262"' },
        { documentId: 3, status: 'error', reason: 'expense_account: is missing' },
      ],
    });
    const zip = await readZip(w.blobs.get(completed.data.fileSha256 as string)!);
    expect(zip.map((e) => e.name)).toEqual(['EXTF_Buchungsstapel_1001_2026.csv', 'RE-1.pdf', 'RE 2026_2.pdf']);
    expect(zip[1]!.bytes.toString()).toBe('%PDF-1.7 document 1');
    expect(lastEvent(w, 'document-2')).toEqual({
      type: 'DocumentErpStatusRecorded',
      data: { status: 'info', reason: 'invoice number (Belegfeld 1) written as "RE20262"' },
    });
    expect((w.streams.get('document-2') ?? []).filter((e) => (e as DomainEvent).type === 'DocumentErpStatusRecorded')).toHaveLength(2);
    expect(lastEvent(w, 'document-3')).toEqual({ type: 'DocumentErpStatusRecorded', data: { status: 'error', reason: 'expense_account: is missing' } });
  });

  it('sends every command as the requesting user with an idempotency key per job, document and status', async () => {
    const w = world();
    bookedDocument(w, 1, {});
    await w.runner.run(requestedJob(w, [1]));
    expect(w.sent.map((s) => s.commandId)).toEqual(['job-1:1:imported', 'job-1:CompleteExport']);
    expect(w.sent.every((s) => s.userId === 'user-7')).toBe(true);
  });

  it('fails the job with a clear reason naming the document whose original is missing in the file store, marking no document', async () => {
    const w = world();
    const sha = bookedDocument(w, 1, {});
    w.blobs.delete(sha);
    await w.runner.run(requestedJob(w, [1]));
    expect(lastEvent(w, 'export-job-1')).toEqual({
      type: 'ExportFailed',
      data: { reason: 'The export failed: The original of "beleg-1.pdf" is missing in the file store.', documentIds: [1] },
    });
    expect(w.streams.get('document-1')).toHaveLength(3);
  });

  it('fails the job naming the document of the request that no longer exists', async () => {
    const w = world();
    bookedDocument(w, 1, {});
    await w.runner.run(requestedJob(w, [1, 99]));
    expect(lastEvent(w, 'export-job-1')).toEqual({
      type: 'ExportFailed',
      data: { reason: 'The export failed: Document 99 no longer exists.', documentIds: [99] },
    });
  });

  it('does not run a job that is no longer in progress', async () => {
    const w = world();
    bookedDocument(w, 1, {});
    await w.runner.run({ ...requestedJob(w, [1]), status: 'done' });
    expect(w.sent).toEqual([]);
  });
});

describe('export runner: interrupted jobs', () => {
  it('records an abandoned job as failed with the reason', async () => {
    const w = world();
    await w.runner.abandon(requestedJob(w, [1]), 'The export was interrupted (the server restarted); start it again.');
    expect(lastEvent(w, 'export-job-1')).toEqual({
      type: 'ExportFailed',
      data: { reason: 'The export was interrupted (the server restarted); start it again.', documentIds: [] },
    });
    expect(w.runner.isRunning('job-1')).toBe(false);
  });
});
