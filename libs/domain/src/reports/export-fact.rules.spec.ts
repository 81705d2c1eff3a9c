import { recorded } from '../../test/report-facts';
import { evolveExportFact, exportFactFor, type ExportFact } from './export-fact.rules';
import type { LedgerEvent } from './ledger.rules';

const stream = 'export-e1';
const requested = recorded(stream, 'ExportRequested', {
  exportId: 'e1',
  client_no: 1001,
  accounting: 2026,
  format: 'DATEV',
  documentIds: [7, 8],
  requestedBy: 'anna',
});
const factAfter = (...events: LedgerEvent[]) => events.reduce<ExportFact | null>(evolveExportFact, null);

describe('the export fact the reports read', () => {
  it('is in progress from its request, with the number of documents it carries', () => {
    expect(factAfter(requested)).toEqual({
      id: 'e1',
      client_no: 1001,
      accounting: 2026,
      format: 'DATEV',
      requested_at: requested.metadata.time,
      requested_by: 'anna',
      status: 'in progress',
      finished_at: null,
      documents: 2,
      documentIds: [7, 8],
      results: [],
      reason: null,
    });
  });

  it('is done with the result per document, or failed with its reason, at the time it finished', () => {
    const results = [
      { documentId: 7, status: 'imported', reason: '' },
      { documentId: 8, status: 'error', reason: 'no account' },
    ];
    const completed = recorded(stream, 'ExportCompleted', { documentResults: results });
    expect(factAfter(requested, completed)).toMatchObject({ status: 'done', finished_at: completed.metadata.time, results });
    const failed = recorded(stream, 'ExportFailed', { reason: 'ERP unreachable' });
    expect(factAfter(requested, failed)).toMatchObject({ status: 'failed', finished_at: failed.metadata.time, reason: 'ERP unreachable' });
  });

  it('knows no job whose request it has not seen', () => {
    expect(factAfter(recorded(stream, 'ExportFailed', { reason: 'r' }))).toBeNull();
  });

  it('as a reader who may not see a document reports it: without it, its result and a reason naming it; a job of such documents alone is not there', () => {
    const results = [
      { documentId: 7, status: 'imported', reason: '' },
      { documentId: 8, status: 'imported', reason: '' },
    ];
    const done = factAfter(requested, recorded(stream, 'ExportCompleted', { documentResults: results }))!;
    const hidden = (id: number) => id === 7;
    expect(exportFactFor(done, hidden)).toMatchObject({ documents: 1, documentIds: [8], results: [results[1]] });
    const failed = factAfter(requested, recorded(stream, 'ExportFailed', { reason: 'The original of "lohn.pdf" is missing.', documentIds: [7] }))!;
    expect(exportFactFor(failed, hidden)).toMatchObject({ reason: 'The export failed.' });
    expect(exportFactFor(failed, (id) => id === 8)).toMatchObject({ reason: 'The original of "lohn.pdf" is missing.' });
    expect(exportFactFor(failed, () => true)).toBeNull();
  });
});
