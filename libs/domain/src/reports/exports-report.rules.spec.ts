import { exportsReport } from './exports-report.rules';
import { emptyLedger } from './ledger.rules';
import { Q1 } from '../../test/report-facts';

describe('ERP export history', () => {
  it('counts jobs, documents and refusals with their reasons', () => {
    const ledger = emptyLedger(1001);
    const job = (
      id: string,
      results: Array<{ documentId: number; status: 'imported' | 'error' | 'info'; reason: string }>,
      status: 'done' | 'failed' = 'done',
    ) =>
      ledger.exports.set(id, {
        id,
        client_no: 1001,
        accounting: 2026,
        format: 'DATEV',
        requested_at: '2026-02-01T09:00:00.000Z',
        requested_by: 'anna',
        status,
        finished_at: null,
        documents: Math.max(1, results.length),
        results,
        reason: status === 'failed' ? 'disk full' : null,
      });
    job('a', [
      { documentId: 1, status: 'imported', reason: '' },
      { documentId: 2, status: 'error', reason: 'supplier_account: is missing' },
    ]);
    job('b', [], 'failed');
    const r = exportsReport(ledger, Q1);
    expect(r.totals).toEqual({ jobs: 2, failed: 1, documents: 3, imported: 1, errors: 1, infos: 0 });
    expect(r.reasons).toEqual([
      { reason: 'disk full', count: 1 },
      { reason: 'supplier_account: is missing', count: 1 },
    ]);
  });
});
