import type { ProcessingReport } from '@portal/contracts';
import { processingLines, processingReport } from './processing-report.rules';
import { computeReport } from './reports.rules';
import { doc, ledgerOf } from '../../test/report-facts';

describe('processing', () => {
  it('counts the backlog, the median and p90 hours to confirmation and booking, and field origins', () => {
    const fast = doc(
      'ER',
      {},
      {
        uploaded_at: '2026-02-01T08:00:00.000Z',
        confirmed_at: '2026-02-01T10:00:00.000Z',
        booked_at: '2026-02-02T08:00:00.000Z',
        booked_by: 'lukas',
        origins: { gross_amount: 50, biller: 9, net_amount: 7 },
      },
    );
    const slow = doc('ER', {}, { uploaded_at: '2026-02-01T08:00:00.000Z', confirmed_at: '2026-02-05T08:00:00.000Z', origins: { gross_amount: 2 } });
    const waiting = doc('ER_U', {}, { uploaded_at: '2026-02-03T08:00:00.000Z' });
    const r = processingReport(ledgerOf(fast, slow, waiting), { from: '2026-02-01', to: '2026-02-06' }, (id) => id.toUpperCase());
    expect(r.backlog.map((b) => [b.at, b.unconfirmed, b.unbooked, b.notExported])).toEqual([
      ['2026-02-01', 1, 1, 0],
      ['2026-02-02', 1, 0, 1],
      ['2026-02-03', 2, 0, 1],
      ['2026-02-04', 2, 0, 1],
      ['2026-02-05', 1, 1, 1],
      ['2026-02-06', 1, 1, 1],
    ]);
    expect(r.toConfirm).toEqual([{ month: '2026-02', count: 2, median: 2, p90: 96 }]);
    expect(r.toBook).toEqual([{ month: '2026-02', count: 1, median: 24, p90: 24 }]);
    expect(r.byUser.map((u) => u.name)).toEqual(['ANNA', 'LUKAS']);
    expect(r.origins).toEqual({ xml: 1, text: 1, ocr: 1, human: 1 });
  });

  it('counts the uploads whose e-invoice breaks the rules per month of upload, in the period and not in the trash', () => {
    const at = (day: string) => ({ uploaded_at: `${day}T08:00:00.000Z` });
    const r = processingReport(
      ledgerOf(
        doc('ER_U', {}, { ...at('2026-01-15'), einvoice_validity: 'invalid' }),
        doc('ER', {}, { ...at('2026-02-03'), einvoice_validity: 'invalid' }),
        doc('ER', {}, { ...at('2026-02-20'), einvoice_validity: 'invalid' }),
        doc('ER', {}, { ...at('2026-02-21'), einvoice_validity: 'warnings' }),
        doc('ER', {}, { ...at('2026-02-22'), einvoice_validity: 'valid' }),
        doc('ER', {}, { ...at('2026-02-23') }),
        doc('ER', {}, { ...at('2026-02-24'), einvoice_validity: 'invalid', deleted: true }),
        doc('ER', {}, { ...at('2026-04-01'), einvoice_validity: 'invalid' }),
      ),
      { from: '2026-01-01', to: '2026-03-31' },
    );
    expect(r.invalidEInvoices).toEqual([
      { month: '2026-01', count: 1 },
      { month: '2026-02', count: 2 },
    ]);
    expect(processingLines(r).filter((l) => l.section === 'einvoices')).toEqual([
      { key: 'einvoices:invalid:2026-01', section: 'einvoices', term: 'invalidEInvoices', arg: '2026-01', value: 1, unit: 'count' },
      { key: 'einvoices:invalid:2026-02', section: 'einvoices', term: 'invalidEInvoices', arg: '2026-02', value: 2, unit: 'count' },
    ]);
  });

  it("counts a moment for the day and month of the firm's calendar: 00:30 on 1 March in Vienna is March, though UTC still writes February", () => {
    const lateUpload = doc(
      'ER',
      {},
      { uploaded_at: '2026-02-28T23:30:00.000Z', confirmed_at: '2026-03-01T08:00:00.000Z', einvoice_validity: 'invalid', origins: { gross_amount: 2 } },
    );
    const march = { from: '2026-03-01', to: '2026-03-31' };
    const report = (timeZone: string) => computeReport('processing', ledgerOf(lateUpload), { period: march, country: 'AT', timeZone }).body as ProcessingReport;
    const vienna = report('Europe/Vienna');
    expect(vienna.uploaded).toBe(1);
    expect(vienna.invalidEInvoices).toEqual([{ month: '2026-03', count: 1 }]);
    expect(vienna.toConfirm).toEqual([{ month: '2026-03', count: 1, median: 8.5, p90: 8.5 }]);
    expect(vienna.backlog[0]).toMatchObject({ at: '2026-03-01', unconfirmed: 0, unbooked: 1 });
    const utc = report('UTC');
    expect(utc.uploaded).toBe(0);
    expect(utc.invalidEInvoices).toEqual([]);
  });
});
