import { parseNtcsFile } from './ntcs-file';

const csv = (...lines: string[]) => Buffer.from(lines.join('\n'), 'utf8');
const HEADER = 'PersNr;Name;Steuernummer;Erklärungsart;Veranlagungsjahr;Abgabedatum;Zuständig;Mandant';

describe('the NTCS client export', () => {
  it('reads person number, tax number, return type, filing date, responsible employee and the portal client', () => {
    const file = parseNtcsFile(
      csv(HEADER, '10045;Muster GmbH;46-123/4567;KSt;2025;15.10.2026;Anna Berger;1001', '10046;Huber OG;46-123/4568;Einkommensteuer;2025;;;'),
      2025,
    );
    expect(file).toMatchObject({ rows: 2, rejected: [] });
    expect(file.records).toEqual([
      { persNr: '10045', name: 'Muster GmbH', taxId: '461234567', returnType: 'KSt', filingDate: '2026-10-15', responsible: 'Anna Berger', clientNo: 1001 },
      { persNr: '10046', name: 'Huber OG', taxId: '461234568', returnType: 'ESt', filingDate: null, responsible: null, clientNo: null },
    ]);
  });

  it('rejects broken rows with their line and reason', () => {
    const file = parseNtcsFile(
      csv(
        HEADER,
        ';A;46-123/4567;KSt;2025;;;',
        '10047;B;46-123/4568;KSt;2025;gestern;;',
        '10048;C;46-123/4569;KSt;2025;;;zwölf',
        '10049;D;46-123/4570;KSt;2025;;;',
      ),
      2025,
    );
    expect(file.records.map((r) => r.persNr)).toEqual(['10049']);
    expect(file.rejected).toEqual([
      { line: 2, reason: 'Line 2: the NTCS person number is empty.' },
      { line: 3, reason: 'Line 3: submission date "gestern" is not a date (dd.mm.yyyy).' },
      { line: 4, reason: 'Line 4: client number "zwölf" is not a number.' },
    ]);
  });

  it('refuses a file it cannot read at all', () => {
    expect(() => parseNtcsFile(Buffer.alloc(0), 2025)).toThrow('The file is empty.');
    expect(() => parseNtcsFile(csv('Steuernummer;Name;Art', '46-123/4567;A;KSt'), 2025)).toThrow(
      'Line 1: the header lacks the column persnr (found: Steuernummer, Name, Art).',
    );
    expect(() => parseNtcsFile(csv(HEADER), 2025)).toThrow('The file holds no client records.');
    expect(() => parseNtcsFile(Buffer.from('<xml/>'), 2025)).toThrow(/not XML/);
  });
});
