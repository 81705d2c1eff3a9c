import { demoFon } from '../demo-fon-data';
import { parseFonFile } from './fon-file';
import { fonQuotaCsv, fonQuotaXml } from './fon-file-writer';

const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
const HEADER = 'Steuernummer;Name;Finanzamt;Veranlagungsjahr;Erklärungsart;Quotenrelevant;Betriebliche Einkünfte;Abgabedatum;Eingangsdatum';

describe('the FON quota file', () => {
  it('reads the CSV a firm downloads: tax number, return type, counted, business income, dates', () => {
    const file = parseFonFile(
      csv(
        HEADER,
        '46-123/4567;Muster GmbH;Linz;2025;KSt;ja;nein;15.10.2026;16.10.2026',
        '46 1234568;Huber OG;Linz;;Feststellung;ja;ja;;',
        '46-123/4569;Lohn Maria;Linz;2025;ESt;nein;nein;;',
      ),
      2025,
    );
    expect(file).toMatchObject({ format: 'csv', rows: 3, rejected: [] });
    expect(file.records).toEqual([
      {
        taxId: '461234567',
        name: 'Muster GmbH',
        returnType: 'KSt',
        counted: true,
        businessIncome: false,
        abgabedatum: '2026-10-15',
        eingangsDatum: '2026-10-16',
        officeName: 'Linz',
      },
      {
        taxId: '461234568',
        name: 'Huber OG',
        returnType: 'FSt',
        counted: true,
        businessIncome: true,
        abgabedatum: null,
        eingangsDatum: null,
        officeName: 'Linz',
      },
      {
        taxId: '461234569',
        name: 'Lohn Maria',
        returnType: 'ESt',
        counted: false,
        businessIncome: false,
        abgabedatum: null,
        eingangsDatum: null,
        officeName: 'Linz',
      },
    ]);
  });

  it('reads Windows-1252, a comma as separator and column titles in other spellings', () => {
    const bytes = Buffer.from('STNR,Name,Erklaerungsart,Abgabedatum\r\n"46-123/4567","Gärtnerei Öhlinger",USt,2026-11-02\r\n', 'latin1');
    expect(parseFonFile(bytes, 2025).records).toEqual([
      {
        taxId: '461234567',
        name: 'Gärtnerei Öhlinger',
        returnType: 'USt',
        counted: true,
        businessIncome: false,
        abgabedatum: '2026-11-02',
        eingangsDatum: '2026-11-02',
      },
    ]);
  });

  it('rejects broken rows with their line and reason and keeps the others', () => {
    const file = parseFonFile(
      csv(
        HEADER,
        '46-123/4567;A;Linz;2025;KSt;ja;nein;31.02.2026;',
        '4612;B;Linz;2025;KSt;ja;nein;;',
        '46-123/4569;C;Linz;2024;KSt;ja;nein;;',
        '46-123/4570;D;Linz;2025;Werbeabgabe;vielleicht;;;',
        '46-123/4571;E;Linz;2025;ESt;ja;nein;;',
        '46-123/4571;E;Linz;2025;ESt;ja;nein;;',
      ),
      2025,
    );
    expect(file.records.map((r) => r.name)).toEqual(['E']);
    expect(file.rejected).toEqual([
      { line: 2, reason: 'Line 2: submission date "31.02.2026" is not a date (dd.mm.yyyy).' },
      { line: 3, reason: 'Line 3: tax number "4612" is not nine digits (12-345/6789).' },
      { line: 4, reason: 'Line 4: tax year 2024 is not the imported year 2025.' },
      {
        line: 5,
        reason:
          'Line 5: return type "Werbeabgabe" is not one the quota counts (ESt, KSt, USt, FSt, KfzSt, EnAb); Quotenrelevant "vielleicht" is not ja or nein.',
      },
      { line: 7, reason: 'Line 7: the same return as line 6.' },
    ]);
  });

  it('refuses a file it cannot read at all, saying why', () => {
    expect(() => parseFonFile(Buffer.alloc(0), 2025)).toThrow('The file is empty.');
    expect(() => parseFonFile(csv('Name;Datum', 'A;1.1.2026'), 2025)).toThrow(
      'Line 1: the header lacks the columns steuernummer, erklaerungsart (found: Name, Datum).',
    );
    expect(() => parseFonFile(csv(HEADER), 2025)).toThrow('The file holds no returns.');
    expect(() => parseFonFile(csv(HEADER, '"46-123/4567;A'), 2025)).toThrow(/Quoted field unterminated/);
    expect(() => parseFonFile(Buffer.from('<Quotenliste><Erklaerung>'), 2025)).toThrow(/not well-formed/);
    expect(() => parseFonFile(Buffer.from('<Liste/>'), 2025)).toThrow('The XML has no <Quotenliste> root element.');
    expect(() => parseFonFile(Buffer.from('<Quotenliste Veranlagungsjahr="2024"><Erklaerung/></Quotenliste>'), 2025)).toThrow(
      'The file is the quota list of 2024, not of 2025.',
    );
  });

  it('reads when a tax number was registered for the quota (Erfassungsdatum), in CSV and XML, and rejects a date it cannot read', () => {
    const file = parseFonFile(
      csv(
        `${HEADER};Erfassungsdatum`,
        '46-123/4567;Spät GmbH;Linz;2025;KSt;ja;nein;;;15.10.2026',
        '46-123/4568;Recht OG;Linz;2025;KSt;ja;nein;;;',
        '46-123/4569;Kaputt KG;Linz;2025;KSt;ja;nein;;;15.13.2026',
      ),
      2025,
    );
    expect(file.records.map((r) => [r.name, r.registeredOn])).toEqual([
      ['Spät GmbH', '2026-10-15'],
      ['Recht OG', undefined],
    ]);
    expect(file.rejected).toEqual([{ line: 4, reason: 'Line 4: registration date "15.13.2026" is not a date (dd.mm.yyyy).' }]);
    const xml = parseFonFile(
      Buffer.from(
        '<Quotenliste Veranlagungsjahr="2025"><Erklaerung><Steuernummer>46-123/4567</Steuernummer><Name>Spät GmbH</Name><Erklaerungsart>KSt</Erklaerungsart><Erfassungsdatum>2026-10-15</Erfassungsdatum></Erklaerung></Quotenliste>',
      ),
      2025,
    );
    expect(xml.records[0]).toMatchObject({ registeredOn: '2026-10-15' });
  });

  it('reads the XML form, grouped by tax office or not', () => {
    const file = parseFonFile(
      Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Quotenliste xmlns="urn:kanzleiportal:fon-quote:1" Veranlagungsjahr="2025">
  <Finanzamt Nummer="46" Name="Linz">
    <Erklaerung><Steuernummer>46-123/4567</Steuernummer><Name>Muster &amp; Söhne GmbH</Name><Erklaerungsart>KSt</Erklaerungsart><Quotenrelevant>true</Quotenrelevant><Abgabedatum>2026-10-15</Abgabedatum><Eingangsdatum>2026-10-17</Eingangsdatum></Erklaerung>
    <Erklaerung><Steuernummer>kaputt</Steuernummer><Name>X</Name><Erklaerungsart>KSt</Erklaerungsart></Erklaerung>
  </Finanzamt>
  <Erklaerung><Steuernummer>03-123/4567</Steuernummer><Name>Wien GmbH</Name><Erklaerungsart>USt</Erklaerungsart></Erklaerung>
</Quotenliste>`),
      2025,
    );
    expect(file).toMatchObject({ format: 'xml', rows: 3 });
    expect(file.records).toEqual([
      { taxId: '031234567', name: 'Wien GmbH', returnType: 'USt', counted: true, businessIncome: false, abgabedatum: null, eingangsDatum: null },
      {
        taxId: '461234567',
        name: 'Muster & Söhne GmbH',
        returnType: 'KSt',
        counted: true,
        businessIncome: false,
        abgabedatum: '2026-10-15',
        eingangsDatum: '2026-10-17',
        officeName: 'Linz',
      },
    ]);
    expect(file.rejected).toEqual([{ line: 3, reason: 'Return 3: tax number "kaputt" is not nine digits (12-345/6789).' }]);
  });

  it('reads back what its writer wrote, as CSV and as XML (the sandbox answers XML)', () => {
    const demo = demoFon(new Date('2026-11-27T12:00:00Z'));
    const fromCsv = parseFonFile(Buffer.from(fonQuotaCsv(demo.taxYear, demo.fon)), demo.taxYear);
    expect(fromCsv).toMatchObject({ rows: 400, rejected: [] });
    expect(fromCsv.records.filter((r) => r.registeredOn)).toHaveLength(2);
    expect(fromCsv.records).toEqual(demo.fon.map((r) => ({ ...r, eingangsDatum: r.eingangsDatum ?? r.abgabedatum })));
    expect(parseFonFile(Buffer.from(fonQuotaXml(demo.taxYear, fromCsv.records)), demo.taxYear).records).toEqual(fromCsv.records);
  });
});
