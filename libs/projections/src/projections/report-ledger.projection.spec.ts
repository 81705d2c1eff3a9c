import { processingReport } from '@portal/domain';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { REPORT_FACTS } from '@portal/read-models';
import { replayInto } from '../runtime/replay';
import { ledgerFromFacts, reportLedgerProjection } from './report-ledger.projection';

const meta = (n: number) => ({ userId: 'anna', clientNo: 1001, time: `2026-03-0${n}T10:00:00.000Z`, commandId: `c${n}`, correlationId: 'x' });
const sha = (c: string) => c.repeat(64);
const uploaded = (id: number, n: number) => ({
  type: 'DocumentUploaded',
  data: { documentId: id, clientNo: 1001, fileName: 'x.xml', mediaType: 'application/xml', size: 1, sha256: sha('a'), category: 'ER_U', title: 'x' },
  metadata: meta(n),
});
const validated = (validity: string, n: number) => ({
  type: 'DocumentEInvoiceValidated',
  data: { validity, sha256: sha('a'), findings: [], counts: { fatal: validity === 'invalid' ? 1 : 0, warning: 0, information: 0 } },
  metadata: meta(n),
});

describe('report ledger projection: e-invoice verdicts', () => {
  it("keeps each document's verdict in its fact, so the processing report counts the invalid e-invoices of the month", async () => {
    const events = new SqliteEventStore(':memory:');
    await events.append('document-1', sealEvents('document-1', null, [uploaded(1, 1), validated('invalid', 2)]), 'no_stream');
    await events.append('document-2', sealEvents('document-2', null, [uploaded(2, 3), validated('valid', 4)]), 'no_stream');
    await events.append('document-3', sealEvents('document-3', null, [uploaded(3, 5), validated('invalid', 6)]), 'no_stream');
    const reads = new SqliteReadStore(':memory:');
    await replayInto(events, reads, [reportLedgerProjection()]);
    const facts = (await reads.find(REPORT_FACTS, { where: { client_no: 1001 }, sort: [], skip: 0, limit: 10 })).data;
    expect(Object.fromEntries(facts.map((f) => [f.id, (f.fact as { einvoice_validity?: string }).einvoice_validity]))).toEqual({
      'd-1': 'invalid',
      'd-2': 'valid',
      'd-3': 'invalid',
    });
    const report = processingReport(ledgerFromFacts(1001, 0, facts), { from: '2026-03-01', to: '2026-03-31' });
    expect(report.invalidEInvoices).toEqual([{ month: '2026-03', count: 2 }]);
    await reads.close();
  });
});
