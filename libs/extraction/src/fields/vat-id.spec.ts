import { extractFieldsFromText } from './extract-fields';
import { findVatIds, vatIdChecksumValid } from './vat-id';

describe('VAT ids', () => {
  it('finds Austrian and German ids in their formats, spaces removed', () => {
    expect(findVatIds('UID: ATU12345678 · USt-IdNr. DE 123 456 789').map((v) => v.id)).toEqual(['ATU12345678', 'DE123456789']);
  });

  it('marks the recipient id by its label', () => {
    expect(findVatIds('USt-ID: DE136695976\nIhre USt-ID: DE999999999')).toEqual([
      { id: 'DE136695976', recipient: false, index: 8, checksum: true },
      { id: 'DE999999999', recipient: true, index: 33, checksum: false },
    ]);
  });

  it('ignores an IBAN and too-short numbers', () => {
    expect(findVatIds('IBAN DE88200800000970375700 DE1234').map((v) => v.id)).toEqual([]);
  });
});

describe('VAT ids after register numbers', () => {
  it('are not swallowed by a register abbreviation that looks like a country code', () => {
    expect(findVatIds('HRB 999999 DE123456789 IBAN DE28700100809999999999').map((v) => v.id)).toEqual(['DE123456789']);
  });
});

describe('VAT id check digits', () => {
  it('are checked per country with jsvat: a valid id passes, one digit changed fails', () => {
    expect(vatIdChecksumValid('DE136695976')).toBe(true);
    expect(vatIdChecksumValid('DE136695977')).toBe(false);
    expect(vatIdChecksumValid('ATU13585627')).toBe(true);
    expect(vatIdChecksumValid('FR11999999998')).toBe(true);
    expect(vatIdChecksumValid('FR12999999998')).toBe(false);
  });

  it('drop a misread id from OCR text for review, but keep a printed one from a text layer with less confidence', () => {
    const page = ['Muster GmbH', 'Hauptstraße 1', '10115 Berlin', 'Rechnung', 'USt-IdNr.: DE136695977'].join('\n');
    const scanned = extractFieldsFromText(page, { recognised: true });
    expect(scanned.fields.biller?.vat_id).toBeUndefined();
    expect(scanned.review).toContain('biller');
    const printed = extractFieldsFromText(page);
    expect(printed.fields.biller?.vat_id).toBe('DE136695977');
    expect(printed.confidence.biller).toBeLessThanOrEqual(0.8);
  });
});

describe('VAT ids beside bank details', () => {
  it('are never read inside an IBAN whose first groups look like one', () => {
    expect(findVatIds('IBAN BE10 0003 7498 3004 (BNP Paribas Fortis)\nN° TVA intracommunautaire: BE0460447419').map((v) => v.id)).toEqual(['BE0460447419']);
  });
});
