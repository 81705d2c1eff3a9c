import { DATEV_BUCHUNGSSTAPEL_COLUMNS } from './datev-columns';
import { writeDatevExtf } from './datev-extf';
import { ExportBatchError } from './batch-checks';
import { datevFields, decodeWindows1252, marchBatch } from '../../../test/export-batch';

/*
 * Independent copies of the published format: the start of the column line of DATEV's sample
 * EXTF_Buchungsstapel.csv (developer.datev.de, dtvf/einstieg) and the end of the list in the
 * datev-types crate (header.rs, format version 13).
 */
const DATEV_SAMPLE_COLUMNS_START =
  'Umsatz (ohne Soll/Haben-Kz);Soll/Haben-Kennzeichen;WKZ Umsatz;Kurs;Basis-Umsatz;WKZ Basis-Umsatz;Konto;Gegenkonto (ohne BU-Schlüssel);BU-Schlüssel;Belegdatum;Belegfeld 1;Belegfeld 2;Skonto;Buchungstext;Postensperre;Diverse Adressnummer;Geschäftspartnerbank;Sachverhalt;Zinssperre;Beleglink;Beleginfo - Art 1;Beleginfo - Inhalt 1;Beleginfo - Art 2;Beleginfo - Inhalt 2;Beleginfo - Art 3;Beleginfo - Inhalt 3;Beleginfo - Art 4;Beleginfo - Inhalt 4;Beleginfo - Art 5;Beleginfo - Inhalt 5;Beleginfo - Art 6;Beleginfo - Inhalt 6;Beleginfo - Art 7;Beleginfo - Inhalt 7;Beleginfo - Art 8;Beleginfo - Inhalt 8;KOST1 - Kostenstelle;KOST2 - Kostenstelle;Kost-Menge;EU-Land u. UStID (Bestimmung);EU-Steuersatz (Bestimmung);Abw. Versteuerungsart;Sachverhalt L+L;Funktionsergänzung L+L;BU 49 Hauptfunktionstyp;BU 49 Hauptfunktionsnummer;BU 49 Funktionsergänzung;Zusatzinformation - Art 1;Zusatzinformation- Inhalt 1;Zusatzinformation - Art 2;Zusatzinformation- Inhalt 2;Zusatzinformation - Art 3';
const DATEV_COLUMNS_END =
  'Zusatzinformation - Art 20;Zusatzinformation- Inhalt 20;Stück;Gewicht;Zahlweise;Forderungsart;Veranlagungsjahr;Zugeordnete Fälligkeit;Skontotyp;Auftragsnummer;Buchungstyp;USt-Schlüssel (Anzahlungen);EU-Land (Anzahlungen);Sachverhalt L+L (Anzahlungen);EU-Steuersatz (Anzahlungen);Erlöskonto (Anzahlungen);Herkunft-Kz;Buchungs GUID;KOST-Datum;SEPA-Mandatsreferenz;Skontosperre;Gesellschaftername;Beteiligtennummer;Identifikationsnummer;Zeichnernummer;Postensperre bis;Bezeichnung SoBil-Sachverhalt;Kennzeichen SoBil-Buchung;Festschreibung;Leistungsdatum;Datum Zuord. Steuerperiode;Fälligkeit;Generalumkehr (GU);Steuersatz;Land;Abrechnungsreferenz;BVV-Position;EU-Land u. UStID (Ursprung);EU-Steuersatz (Ursprung);Abw. Skontokonto';

const file = () => writeDatevExtf(marchBatch());
const lines = () => decodeWindows1252(file()).split('\r\n');
const row = (n: number) => datevFields(lines()[n + 1]!);
const col = (name: string) => DATEV_BUCHUNGSSTAPEL_COLUMNS.indexOf(name);

describe('DATEV EXTF Buchungsstapel: file', () => {
  it('ends every line, the last included, with CRLF and has no bare line feeds', () => {
    const text = decodeWindows1252(file());
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines()).toHaveLength(2 + 2 + 1);
  });

  it('is encoded in Windows-1252: umlauts and the en dash are single bytes', () => {
    const bytes = file();
    expect(bytes.includes(Buffer.from([0xfc]))).toBe(true); // ü
    expect(bytes.includes(Buffer.from([0x96]))).toBe(true); // –
    expect(bytes.includes(Buffer.from('ü', 'utf8'))).toBe(false);
  });
});

describe('DATEV EXTF Buchungsstapel: header line 1', () => {
  const header = () => datevFields(lines()[0]!);

  it('has the 31 fields of header version 700', () => {
    expect(header()).toHaveLength(31);
  });

  it('names the format: EXTF, 700, category 21 Buchungsstapel, format version 13', () => {
    expect(header().slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
  });

  it('stamps the creation time as YYYYMMDDHHMMSSFFF', () => {
    expect(header()[5]).toBe('20260402101530123');
  });

  it('carries Beraternummer, Mandantennummer, WJ-Beginn, Sachkontenlänge and the period as YYYYMMDD', () => {
    expect(header().slice(10, 16)).toEqual(['29098', '55003', '20260101', '4', '20260301', '20260331']);
  });

  it('carries the description (max 30), Buchungstyp 1, Rechnungslegungszweck 0, no Festschreibung and WKZ EUR', () => {
    const h = header();
    expect(h[16]).toBe('"Belege 03/2026"');
    expect([h[18], h[19], h[20], h[21]]).toEqual(['1', '0', '0', '"EUR"']);
    const long = datevFields(decodeWindows1252(writeDatevExtf({ ...marchBatch(), description: 'x'.repeat(40) })).split('\r\n')[0]!)[16]!;
    expect(long).toBe(`"${'x'.repeat(30)}"`);
  });
});

describe('DATEV EXTF Buchungsstapel: header line 2', () => {
  it('lists the 125 columns of format version 13 in the published order', () => {
    const names = lines()[1]!.split(';');
    expect(names).toHaveLength(125);
    expect(lines()[1]!.startsWith(DATEV_SAMPLE_COLUMNS_START)).toBe(true);
    expect(lines()[1]!.endsWith(DATEV_COLUMNS_END)).toBe(true);
    expect(new Set(names).size).toBe(125);
  });

  it('places the columns the portal fills at their official positions', () => {
    const at = (n: number) => DATEV_BUCHUNGSSTAPEL_COLUMNS[n - 1];
    expect([at(1), at(2), at(3), at(7), at(8), at(9), at(10), at(11), at(14), at(20), at(37)]).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
      'Konto',
      'Gegenkonto (ohne BU-Schlüssel)',
      'BU-Schlüssel',
      'Belegdatum',
      'Belegfeld 1',
      'Buchungstext',
      'Beleglink',
      'KOST1 - Kostenstelle',
    ]);
  });
});

describe('DATEV EXTF Buchungsstapel: data lines', () => {
  it('have as many fields as the column line', () => {
    expect(row(1)).toHaveLength(125);
    expect(row(2)).toHaveLength(125);
  });

  it('write the incoming invoice as a credit on the supplier against the expense account', () => {
    const r = row(1);
    expect(r[col('Umsatz (ohne Soll/Haben-Kz)')]).toBe('1250,50');
    expect(r[col('Soll/Haben-Kennzeichen')]).toBe('"H"');
    expect(r[col('WKZ Umsatz')]).toBe('"EUR"');
    expect(r[col('Konto')]).toBe('70001');
    expect(r[col('Gegenkonto (ohne BU-Schlüssel)')]).toBe('6300');
    expect(r[col('BU-Schlüssel')]).toBe('"9"');
    expect(r[col('Belegdatum')]).toBe('1203');
    expect(r[col('Belegfeld 1')]).toBe('"RE-2026/0815"');
    expect(r[col('Buchungstext')]).toBe('"Gletscherblick Bergbahnen GmbH – Gebühr"');
    expect(r[col('Beleglink')]).toBe('"BEDI ""4711"""');
    expect(r[col('KOST1 - Kostenstelle')]).toBe('"KST100"');
  });

  it('write the outgoing invoice as a debit on the customer, dated by its booking date, with quotes doubled', () => {
    const r = row(2);
    expect([
      r[col('Umsatz (ohne Soll/Haben-Kz)')],
      r[col('Soll/Haben-Kennzeichen')],
      r[col('Konto')],
      r[col('Gegenkonto (ohne BU-Schlüssel)')],
      r[col('BU-Schlüssel')],
    ]).toEqual(['119,00', '"S"', '10001', '4400', '"3"']);
    expect(r[col('Belegdatum')]).toBe('3103');
    expect(r[col('Buchungstext')]).toBe('"Bäckerei ""Huber""; Filiale Süd"');
    expect(r[col('KOST1 - Kostenstelle')]).toBe('');
  });

  it('leave every column the portal does not fill empty', () => {
    const filled = new Set([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
      'Konto',
      'Gegenkonto (ohne BU-Schlüssel)',
      'BU-Schlüssel',
      'Belegdatum',
      'Belegfeld 1',
      'Buchungstext',
      'Beleglink',
      'KOST1 - Kostenstelle',
    ]);
    row(1).forEach((value, i) => {
      if (!filled.has(DATEV_BUCHUNGSSTAPEL_COLUMNS[i]!)) expect(value).toBe('');
    });
  });

  it('match the field formats of the Formatbeschreibung', () => {
    for (const r of [row(1), row(2)]) {
      expect(r[col('Umsatz (ohne Soll/Haben-Kz)')]).toMatch(/^\d{1,10},\d{2}$/);
      expect(r[col('Soll/Haben-Kennzeichen')]).toMatch(/^"(S|H)"$/);
      expect(r[col('WKZ Umsatz')]).toMatch(/^"[A-Z]{3}"$/);
      expect(r[col('Konto')]).toMatch(/^\d{1,9}$/);
      expect(r[col('Gegenkonto (ohne BU-Schlüssel)')]).toMatch(/^\d{1,9}$/);
      expect(r[col('BU-Schlüssel')]).toMatch(/^"\d{1,4}"$/);
      expect(r[col('Belegdatum')]).toMatch(/^(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])$/);
      expect(r[col('Belegfeld 1')]).toMatch(/^"[A-Za-z0-9$&%*+\-/]{0,36}"$/);
      expect(r[col('Buchungstext')]!.length).toBeLessThanOrEqual(62);
      expect(r[col('Beleglink')]!.length).toBeLessThanOrEqual(212);
    }
  });

  it('cut Belegfeld 1 to 36 allowed characters and the Buchungstext to 60', () => {
    const batch = marchBatch();
    batch.bookings[0] = { ...batch.bookings[0]!, invoiceNumber: 'Nr. 2026 0815 ' + '9'.repeat(40), text: 'T'.repeat(80) };
    const r = datevFields(decodeWindows1252(writeDatevExtf(batch)).split('\r\n')[2]!);
    expect(r[col('Belegfeld 1')]).toBe(`"Nr20260815${'9'.repeat(26)}"`);
    expect(r[col('Buchungstext')]).toBe(`"${'T'.repeat(60)}"`);
  });

  it('replace characters Windows-1252 cannot hold by a question mark', () => {
    const batch = marchBatch();
    batch.bookings[0] = { ...batch.bookings[0]!, text: 'Zahlung → Łódź' };
    expect(datevFields(decodeWindows1252(writeDatevExtf(batch)).split('\r\n')[2]!)[col('Buchungstext')]).toBe('"Zahlung ? ?ód?"');
  });
});

describe('DATEV EXTF Buchungsstapel: refused batches', () => {
  it('name the document and field of every booking outside the period or with an invalid amount', () => {
    const batch = marchBatch();
    batch.bookings[0] = { ...batch.bookings[0]!, invoiceDate: '2026-04-01' };
    batch.bookings[1] = { ...batch.bookings[1]!, gross: 10.005, tax: 1.6 };
    try {
      writeDatevExtf(batch);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(ExportBatchError);
      expect((error as ExportBatchError).issues).toEqual([
        { documentId: 4711, field: 'bookingDate', message: '2026-04-01 is outside the period 2026-03-01 to 2026-03-31' },
        { documentId: 4712, field: 'gross', message: '10.005 is not a positive amount with two decimals' },
      ]);
    }
  });
});
