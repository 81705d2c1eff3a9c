import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { replayInto } from '../runtime/replay';
import { DOCUMENTS, documentsProjection } from './documents.projection';

const meta = (n: number, originCode?: number) => ({ userId: n > 2 ? 'reviewer' : 'worker', clientNo: 1001, time: `2026-03-01T10:00:0${n}.000Z`, commandId: `c${n}`, correlationId: 'x', ...(originCode ? { originCode } : {}) });

describe('documents projection: review fields', () => {
  it('fills the fields from the extraction, applies edits with their origin, findings and flags', async () => {
    const events = new SqliteEventStore(':memory:');
    const stream = 'document-5';
    await events.append(
      stream,
      sealEvents(stream, null, [
        { type: 'DocumentUploaded', data: { documentId: 5, clientNo: 1001, fileName: 'a.pdf', mediaType: 'application/pdf', size: 1, sha256: 'a'.repeat(64), category: 'ER_U', title: 'a' }, metadata: meta(1) },
        { type: 'DocumentFieldsExtracted', data: { origin: 7, fields: { net_amount: 100, tax_amount: 20, gross_amount: 120, biller: { name: 'Alpenstrom AG' } }, fieldOrigins: { net_amount: 7 }, einvoice: null }, metadata: meta(2) },
        { type: 'DocumentFieldsEdited', data: { changes: { gross_amount: { old: 120, new: 130 }, biller: { old: 'Alpenstrom AG', new: 'Alpenstrom Energie AG' } }, correction: false }, metadata: meta(3, 9) },
        { type: 'DocumentFieldsEdited', data: { changes: { gross_amount: { old: 130, new: 120 } }, correction: false }, metadata: meta(4, 9) },
        { type: 'DocumentConfirmed', data: { category: 'ER' }, metadata: meta(5, 12) },
        { type: 'DocumentErpStatusRecorded', data: { status: 'error', reason: 'Konto fehlt' }, metadata: meta(6) },
      ]),
      'no_stream',
    );
    const reads = new SqliteReadStore(':memory:');
    await replayInto(events, reads, [documentsProjection]);
    const doc = await reads.get(DOCUMENTS, 5);
    expect(doc).toMatchObject({
      booking: { net_amount: 100, gross_amount: 120, biller: 'Alpenstrom Energie AG' },
      booking_origins: { net_amount: 7, tax_amount: 7, gross_amount: 9, biller: 9 },
      biller_name: 'Alpenstrom Energie AG',
      gross_amount: 120,
      issues: [],
      confirmed: true,
      confirmed_by: 'reviewer',
      flags: 1 | 8,
      erp_status: 'error',
      erp_reason: 'Konto fehlt',
      revision: 5,
    });
    await reads.close();
  });
});
