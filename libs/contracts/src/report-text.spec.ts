import { exportJobStatusKey, exportReasonText, reportLineText, type ReportSay } from './report-text';

const TEXTS: Record<string, string> = {
  'vatCodes.AT.060': 'Vorsteuer',
  'terms.rateNet': 'Netto zu {{arg}} %',
  'terms.origin': 'Felder aus {{arg}}',
  'origin.xml': 'E-Rechnung (XML)',
  'fields.supplier_account': 'Lieferantenkonto',
  'reasonTexts.missing': 'fehlt',
  'reasonTexts.notADate': '{{value}} ist kein Datum',
};
const say: ReportSay = (key, params = {}) => TEXTS[key]?.replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(params[n])) ?? null;

describe('report wording shared by the web and the downloads', () => {
  it("names a line by its term and argument in the reader's language", () => {
    expect(reportLineText({ term: 'vatCode', arg: '060' }, 'AT', say)).toBe('060 Vorsteuer');
    expect(reportLineText({ term: 'rateNet', arg: 20 }, 'AT', say)).toBe('Netto zu 20 %');
    expect(reportLineText({ term: 'origin', arg: 'xml' }, 'AT', say)).toBe('Felder aus E-Rechnung (XML)');
    expect(reportLineText({ term: 'party', arg: 'Metro' }, 'AT', say)).toBe('Metro');
  });

  it('translates recorded reasons part by part and keeps unknown fields and messages as recorded', () => {
    expect(exportReasonText('supplier_account: is missing; bookingDate: x is not a date; note: spilled coffee', say)).toBe(
      'Lieferantenkonto: fehlt; bookingDate: x ist kein Datum; note: spilled coffee',
    );
    expect(exportJobStatusKey('in progress')).toBe('jobStatus.inProgress');
  });
});
