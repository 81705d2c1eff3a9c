import { recorded as event } from '../../test/report-facts';
import { emptyLedger, foldLedger, isLedgerEvent, ledgerClientOf, loadLedger, storeLedger } from './ledger.rules';

const uploaded = event('document-7', 'DocumentUploaded', {
  documentId: 7,
  clientNo: 1001,
  fileName: 'a.pdf',
  mediaType: 'application/pdf',
  size: 1,
  sha256: 'x',
  category: 'ER_U',
  title: 'a',
});
const confirmed = event('document-7', 'DocumentConfirmed', { category: 'ER' });
const requested = event('export-e1', 'ExportRequested', {
  exportId: 'e1',
  client_no: 1001,
  accounting: 2026,
  format: 'DATEV',
  documentIds: [7],
  requestedBy: 'anna',
});

describe('the client ledger the reports read', () => {
  it('folds documents and export jobs, and only the events it reads', () => {
    const renamed = event('company-1001', 'CompanyRenamed', {});
    const ledger = [uploaded, confirmed, requested, renamed].reduce(foldLedger, emptyLedger(1001));
    expect(ledger.position).toBe(renamed.position);
    expect(ledger.documents.get(7)).toMatchObject({ category: 'ER', confirmed_at: confirmed.metadata.time, confirmed_by: 'anna' });
    expect(ledger.exports.get('e1')).toMatchObject({ status: 'in progress', documents: 1 });
    expect(isLedgerEvent({ type: 'CompanyRenamed', streamId: 'company-1001' })).toBe(false);
  });

  it('forgets a purged document', () => {
    const ledger = [uploaded, event('document-7', 'DocumentPurged', { sha256: 'x', textSha256: null, reason: 'r' })].reduce(foldLedger, emptyLedger(1001));
    expect(ledger.documents.size).toBe(0);
  });

  it('stores a snapshot without empty booking fields and loads it back as it was', () => {
    const ledger = [uploaded, confirmed, requested].reduce(foldLedger, emptyLedger(1001));
    const stored = storeLedger(ledger);
    expect(stored.documents[0]).toMatchObject({ booking: {} });
    expect(loadLedger(1001, stored)).toEqual(ledger);
  });

  it('names the client from the metadata, else from the data', () => {
    expect(ledgerClientOf(uploaded)).toBe(1001);
    expect(ledgerClientOf({ ...requested, metadata: { ...requested.metadata, clientNo: null } })).toBe(1001);
  });
});
