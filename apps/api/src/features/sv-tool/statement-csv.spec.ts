import { parseGermanAmount, parseStatement } from './statement-csv';

const HEADER = 'Kontonummer;Buchungsdatum;Wertstellungsdatum;Buchungstext;Beitragszeitraum;Soll;Haben;Buchungszustand';
const csv = (...rows: string[]) => Buffer.from([HEADER, ...rows].join('\r\n'), 'utf8');

describe('WebEKU statement import: parsing', () => {
  it('reads German dates, amounts and periods', () => {
    const parsed = parseStatement(csv('123456;31.01.2025;31.01.2025;Beiträge 01/2025;01/2025;1.234,56;;', '123456;14.02.2025;;Zahlung;01/2025;;1.234,56;MA'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toMatchObject([
      {
        kontonr: '123456',
        buchungsDatum: '2025-01-31',
        wertstellungsDatum: '2025-01-31',
        buchungstext: 'Beiträge 01/2025',
        beitragszeitraum: '2025-01',
        soll: 1234.56,
        haben: 0,
        buchungszustand: '',
      },
      { buchungsDatum: '2025-02-14', wertstellungsDatum: null, soll: 0, haben: 1234.56, buchungszustand: 'MA' },
    ]);
  });

  it('detects Windows-1252 and keeps the umlauts', () => {
    const latin = Buffer.from(`${HEADER}\r\n123456;31.01.2025;;Beitr\xe4ge;01/2025;10,00;;`, 'latin1');
    const parsed = parseStatement(latin);
    expect(parsed.encoding).toBe('windows-1252');
    expect(parsed.lines[0].buchungstext).toBe('Beiträge');
  });

  it('reports every broken line with its number and reason and keeps the good ones', () => {
    const parsed = parseStatement(
      csv(
        '123456;31.01.2025;;ok;01/2025;10,00;;',
        '123456;32.01.2025;;bad date;01/2025;10,00;;',
        'abc;31.01.2025;;bad account;13/2025;1,2,3;;XY',
        '123456;31.01.2025;;nothing;01/2025;;;',
      ),
    );
    expect(parsed.lines).toHaveLength(1);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(parsed.errors[0].message).toContain('booking date "32.01.2025"');
    expect(parsed.errors[1].message).toMatch(/account number "abc".*period "13\/2025".*debit "1,2,3".*booking state "XY"/);
    expect(parsed.errors[2].message).toContain('neither debit nor credit');
    expect(parsed.errors[1].problems).toEqual([
      { key: 'accountNumber', params: { value: 'abc' } },
      { key: 'period', params: { value: '13/2025' } },
      { key: 'debit', params: { value: '1,2,3' } },
      { key: 'state', params: { value: 'XY' } },
    ]);
    expect(parsed.lines[0].line).toBe(2);
  });

  it('keeps a booking’s key when a later export shows it reminded or enforced, and its key of earlier versions beside it', () => {
    const before = parseStatement(csv('123456;31.01.2025;;Beiträge;01/2025;10,00;;'));
    const after = parseStatement(csv('123456;31.01.2025;;Beiträge;01/2025;10,00;;EX'));
    expect(after.lines[0].key).toBe(before.lines[0].key);
    expect(after.lines[0].legacyKey).not.toBe(before.lines[0].legacyKey);
    expect(after.lines[0].buchungszustand).toBe('EX');
  });

  it('gives the same booking the same key on every import, and two equal lines two keys', () => {
    const a = parseStatement(csv('123456;31.01.2025;;x;01/2025;10,00;;', '123456;31.01.2025;;x;01/2025;10,00;;'));
    const b = parseStatement(csv('123456;31.01.2025;;x;01/2025;10,00;;', '123456;31.01.2025;;x;01/2025;10,00;;'));
    expect(a.lines.map((l) => l.key)).toEqual(b.lines.map((l) => l.key));
    expect(new Set(a.lines.map((l) => l.key)).size).toBe(2);
  });

  it('says which columns are missing', () => {
    expect(parseStatement(Buffer.from('Datum;Text\r\n1;2')).errors[0]).toEqual({
      line: 1,
      message: 'Columns missing in the header: kontonr, soll, haben.',
      problems: [{ key: 'missingColumns', params: { columns: 'kontonr, soll, haben' } }],
    });
  });

  it('reads amounts as Germans write them', () => {
    expect(parseGermanAmount('1.234,56')).toBe(1234.56);
    expect(parseGermanAmount('12,5')).toBe(12.5);
    expect(parseGermanAmount('1234')).toBe(1234);
    expect(parseGermanAmount('1,234.56')).toBeNull();
  });
});
