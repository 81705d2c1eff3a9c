import { ExportBatchError } from './batch-checks';
import { BMD_COLUMNS, writeBmdNtcs } from './bmd-ntcs';
import { decodeWindows1252, marchBatch } from '../../../test/export-batch';

const lines = (batch = marchBatch()) => decodeWindows1252(writeBmdNtcs(batch)).split('\r\n');
const record = (line: string) => Object.fromEntries(line.split(';').map((value, i) => [BMD_COLUMNS[i], value]));

describe('BMD NTCS booking import', () => {
  it('starts with the field names and ends every line with CRLF', () => {
    const all = lines();
    expect(all[0]).toBe('satzart;konto;gkonto;belegnr;belegdatum;buchdatum;buchsymbol;buchcode;betrag;steuer;steuercode;mwst;periode;text;kost;extbelegnr');
    expect(all).toHaveLength(4);
    expect(all[3]).toBe('');
  });

  it('writes the incoming invoice as a credit on the supplier: negative gross, positive input tax, tax code 9', () => {
    expect(lines()[1]).toBe('0;70001;6300;4711;12.03.2026;12.03.2026;ER;2;-1250,50;208,42;9;20;03;Gletscherblick Bergbahnen GmbH – Gebühr;KST100;RE-2026/0815');
  });

  it('writes the outgoing invoice as a debit on the customer: positive gross, negative VAT, tax code 1, booked on its booking date', () => {
    expect(record(lines()[2]!)).toEqual({
      satzart: '0',
      konto: '10001',
      gkonto: '4400',
      belegnr: '4712',
      belegdatum: '02.03.2026',
      buchdatum: '31.03.2026',
      buchsymbol: 'AR',
      buchcode: '1',
      betrag: '119,00',
      steuer: '-19,00',
      steuercode: '1',
      mwst: '19',
      periode: '03',
      text: 'Bäckerei "Huber" Filiale Süd',
      kost: '',
      extbelegnr: 'AR-17',
    });
  });

  it('has the same number of fields on every line', () => {
    for (const line of lines().slice(0, 3)) expect(line.split(';')).toHaveLength(BMD_COLUMNS.length);
  });

  it('leaves tax code and rate empty for a booking without tax and takes an explicit tax code over the default', () => {
    const batch = marchBatch();
    batch.bookings[0] = { ...batch.bookings[0]!, tax: 0, taxRate: null };
    batch.bookings[1] = { ...batch.bookings[1]!, bmdTaxCode: 3, taxRate: 7.5 };
    const [, first, second] = lines(batch);
    expect(record(first!)).toMatchObject({ steuer: '0,00', steuercode: '', mwst: '' });
    expect(record(second!)).toMatchObject({ steuercode: '3', mwst: '7,5' });
  });

  it('is encoded in Windows-1252', () => {
    const bytes = writeBmdNtcs(marchBatch());
    expect(bytes.includes(Buffer.from([0xe4]))).toBe(true); // ä
    expect(bytes.includes(Buffer.from('ä', 'utf8'))).toBe(false);
  });

  it('refuses account numbers longer than nine digits', () => {
    const batch = marchBatch();
    batch.bookings[0] = { ...batch.bookings[0]!, personAccount: 1234567890 };
    expect(() => writeBmdNtcs(batch)).toThrow(ExportBatchError);
  });
});
