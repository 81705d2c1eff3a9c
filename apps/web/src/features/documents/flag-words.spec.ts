import documentsDe from './documents.de.json';
import documentsEn from './documents.en.json';
import invoicesDe from '../accounting/accounting.de.json';
import invoicesEn from '../accounting/accounting.en.json';

/** A document's state reads the same on the documents tab and the invoice screen. */
const SAME_FLAG: Array<[keyof typeof documentsEn.flags, keyof typeof invoicesEn.flags]> = [
  ['confirmed', 'Confirmed'],
  ['booked', 'Booked'],
  ['erpImported', 'ERPImported'],
  ['erpError', 'ERPError'],
  ['erpInfo', 'ERPInfo'],
  ['badRendering', 'BadRendering'],
  ['broken', 'Broken'],
  ['deleted', 'deleted'],
];

describe('state words', () => {
  it.each([
    ['de', documentsDe.flags, invoicesDe.flags],
    ['en', documentsEn.flags, invoicesEn.flags],
  ] as const)('the documents tab and the invoice screen name each state alike (%s)', (_locale, documents, invoices) => {
    expect(SAME_FLAG.filter(([d, i]) => documents[d] !== invoices[i]).map(([d, i]) => `${documents[d]} ≠ ${invoices[i]}`)).toEqual([]);
  });
});
