import { labelHits, valuesOf } from './labelled-values';

const isLabel = (text: string): boolean => !/\d/.test(text);
const values = (lines: string[], label: RegExp): string[][] =>
  labelHits(lines, label).map((hit) => valuesOf(lines, hit, isLabel).map((v) => `${v.relation}:${v.text.trim()}`));

describe('values of a label anywhere on the page', () => {
  it('are the rest of its block, the next column on its line, or the block below it', () => {
    expect(values(['Rechnungsnummer: 4711'], /rechnungsnummer/i)).toEqual([['after:: 4711']]);
    expect(values(['Rechnungsnummer:      4711'], /rechnungsnummer/i)).toEqual([['right:4711']]);
    expect(values(['   Invoice number     Date          Customer No.', '   INV-0042           21.11.2020    1377'], /date/i)).toEqual([['below:21.11.2020']]);
  });

  it('finds every place a label stands, also twice on one line', () => {
    expect(labelHits(['Date   01.02.2020   Delivery Date   03.02.2020'], /date/i)).toHaveLength(2);
  });

  it('skips OCR debris between a label and its value, and never takes another label for a value', () => {
    expect(values(['Rechnungsnummer:    ?    RE 024/26'], /rechnungsnummer/i)).toEqual([['right:RE 024/26']]);
    expect(values(['Invoice number   Date'], /invoice number/i)).toEqual([[]]);
  });

  it('reads a value flush right below a label that ends its line', () => {
    expect(values(['   Lieferant GmbH          Rechnungsnummer', '   80333 München                              471102'], /rechnungsnummer/i)).toEqual([
      ['below:471102'],
    ]);
  });
});
