import { parseStatementFile } from '../read-statement-file';
import { readText, reconciles, sample } from '../../test/samples';

const statement = (body: string, head = ':20:STARTUMSE\n:25:AT483200000012345864\n:28C:1/1\n') => `${head}${body}`;
const first = (text: string) => readText(text).statements[0]!;

describe('MT940 of an Austrian bank (structured :86:, ISO 8859-1)', () => {
  const file = parseStatementFile(sample('mt940-raiffeisen.sta'));
  const [march, next] = file.statements;

  it('reads each message as a statement with account, sequence and balances, a negative closing balance included', () => {
    expect(file.statements).toHaveLength(2);
    expect(march).toMatchObject({
      format: 'mt940',
      iban: 'AT483200000012345864',
      bic: 'RZBAATWW',
      bankName: 'Raiffeisen',
      sequence: '00042/001',
      opening: { amountCents: 845_025, date: '2026-03-02' },
      closing: { amountCents: 1_053_075, date: '2026-03-04' },
    });
    expect(next!.closing).toEqual({ amountCents: -6_925, date: '2026-03-05' });
    expect(file.statements.every(reconciles)).toBe(true);
  });

  it('reads ?20-?29 purpose with SEPA keywords, ?30 BIC, ?31 IBAN and ?32 name with umlauts, and the GV code as bank code', () => {
    expect(march!.entries[0]).toMatchObject({
      amountCents: -125_000,
      bookingDate: '2026-03-02',
      counterpartyName: 'Mühle Grünbacher GmbH',
      counterpartyIban: 'AT611904300234573201',
      counterpartyBic: 'BKAUATWWXXX',
      remittance: 'Rechnung 2026-0311 Mehl und Zutaten Lieferung Februar',
      endToEndId: 'ER-2026-0311',
      bankReference: 'POS26030201',
      bankCode: '805',
    });
    expect(march!.entries[1]).toMatchObject({
      amountCents: 345_050,
      reference: 'AR-2026-004',
      counterpartyName: 'Café Zentral Salzburg',
      remittance: 'AR-2026-004 Geschäftsfrühstücke März',
    });
  });

  it('reads a reversal of a credit (RC) as a debit marked as reversal, with free-text :86:', () => {
    expect(march!.entries[2]).toMatchObject({
      reversal: true,
      amountCents: -12_000,
      remittance: 'Storno Gutschrift vom 03.03. irrtuemlich gebucht, Ref 2603030778',
    });
  });
});

describe('MT940 dialects', () => {
  it('reads the funds code after the D/C mark (the third letter of the currency) and a reversal with one', () => {
    const s = first(
      statement(':60F:C260101EUR100,00\n:61:2601020102DR20,00NTRFNONREF\n:61:2601020102CD5,00NMSC123\n:61:2601020102RDR1,50NCHGNONREF\n:62F:C260102EUR86,50\n'),
    );
    expect(s.entries.map((e) => [e.amountCents, e.reversal])).toEqual([
      [-2_000, false],
      [500, false],
      [150, true],
    ]);
  });

  it('reads a :61: whose entry date is blank, missing, no date (a time), or followed by a space before the type', () => {
    const s = first(
      statement(
        ':60F:C260101EUR0,00\n:61:260102    C1,00NTRFNONREF\n:61:260103C2,00NTRFNONREF\n:61:2601040104D3,00 NTRFKREF+//B-1\n:61:2601041545D4,00NTRFNONREF\n:62F:C260104EUR0,00\n',
      ),
    );
    expect(s.entries.map((e) => [e.bookingDate, e.amountCents, e.bankReference])).toEqual([
      ['2026-01-02', 100, null],
      ['2026-01-03', 200, null],
      ['2026-01-04', -300, 'B-1'],
      ['2026-01-04', -400, null],
    ]);
  });

  it('reads a customer reference holding a booking time, and the bank reference after //', () => {
    const s = first(statement(':60F:C161121EUR95,02\n:61:1611211121D58,96N20020-11-2016 21:31//B6K21PGKGO755NPK\n:62F:C161122EUR36,06\n'));
    expect(s.entries[0]).toMatchObject({ amountCents: -5_896, bankCode: 'N200', reference: '20-11-2016 21:31', bankReference: 'B6K21PGKGO755NPK' });
  });

  it('dates a booking across the turn of the year in both directions', () => {
    const s = first(statement(':60F:C251231EUR0,00\n:61:2512310102C10,00NTRFNONREF\n:61:2601021231D1,00NTRFNONREF\n:62F:C260102EUR9,00\n'));
    expect(s.entries.map((e) => [e.valueDate, e.bookingDate])).toEqual([
      ['2025-12-31', '2026-01-02'],
      ['2026-01-02', '2025-12-31'],
    ]);
  });

  it('reads the SEPA keywords EREF+, KREF+, MREF+, CRED+ and SVWZ+ over several subfields', () => {
    const s = first(
      statement(
        ':60F:C200605EUR0,00\n:61:2006080608D12,35 NRTIKREF+//2016021783252833\n:86:109?00SEPA-LASTSCHR. RETOURE CORE?109075/629?20EREF+A1.200080779.\n400143254?21.4961336 KREF+SEPA-DA202006?2201221740-34972000-P1 MR\nEF+2?230852HW2723821 CRED+DE41EON0?240000129793 SVWZ+?\n25SONSTIGE GRUENDE?30CSDBDE71XXX?31DE89370400440532013000?32TESTER\n:62F:D200608EUR12,35\n',
      ),
    );
    expect(s.entries[0]).toMatchObject({
      endToEndId: 'A1.200080779.400143254.4961336',
      mandateId: '20852HW2723821',
      remittance: 'SONSTIGE GRUENDE',
      counterpartyIban: 'DE89370400440532013000',
      counterpartyBic: 'CSDBDE71XXX',
      counterpartyName: 'TESTER',
      bankCode: '109',
    });
  });

  it('reads the Dutch /TAG/ structured :86: with values wrapped over lines', () => {
    const s = first(
      statement(
        ':60F:C161214EUR1124,58\n:61:1612151215C109,65N654NONREF\n:86:/TRTP/SEPA OVERBOEKING/IBAN/NL91ABNA0417164300/BIC/INGBNL2A/NAME/\nHR K JANSEN/REMI/RES.NR 00042/EREF/NOTPROV\nIDED\n:62F:C161215EUR1234,23\n',
        ':20:ABN AMRO BANK NV\n:25:534334164\n:28:35001/1\n',
      ),
    );
    expect(s.entries[0]).toMatchObject({
      counterpartyIban: 'NL91ABNA0417164300',
      counterpartyBic: 'INGBNL2A',
      counterpartyName: 'HR K JANSEN',
      remittance: 'RES.NR 00042',
      endToEndId: null,
    });
  });

  it('reads subfields written with ">" instead of "?"', () => {
    const s = first(
      statement(
        ':60F:C121123EUR1000,00\n:61:121123D10,00NIT NONREF\n:86:000>100555555555\n>20OMSCHRIJVING VAN>21 DE TRANSACTIE\n>310666666666\n:62F:C121123EUR990,00\n',
      ),
    );
    expect(s.entries[0]).toMatchObject({ remittance: 'OMSCHRIJVING VAN DE TRANSACTIE', bankCode: '000' });
  });

  it('finds the IBAN in :25: written as BIC/IBAN, as IBAN with currency, and keeps bank code/account number as text', () => {
    expect(first(statement(':60F:C260101EUR0,00\n:62F:C260101EUR0,00\n', ':20:X\n:25:NL10BUNQ2290325473 EUR\n')).iban).toBe('NL10BUNQ2290325473');
    expect(first(statement(':60F:C260101EUR0,00\n:62F:C260101EUR0,00\n', ':20:X\n:25:NL10BUNQ2290325473EUR\n')).iban).toBe('NL10BUNQ2290325473');
    expect(first(statement(':60F:C260101EUR0,00\n:62F:C260101EUR0,00\n', ':20:X\n:25:87052000/123456789\n'))).toMatchObject({
      iban: null,
      accountText: '87052000/123456789',
    });
  });

  it('reads balances written with a decimal point and with nothing after the comma', () => {
    const s = first(statement(':60F:C030106EUR000000000100.50\n:61:0301070107C1,NTRFNONREF\n:62F:C030107EUR000000000101.50\n'));
    expect(s).toMatchObject({ opening: { amountCents: 10_050 }, closing: { amountCents: 10_150 } });
  });
});

describe('MT940 files with several messages', () => {
  it('reads SWIFT envelopes, bank header lines and trailers, one statement per message', () => {
    const text = `{1:F01KNABNL2HAXXX0000000000}{2:I940KNABNL2HXXXXN3020}{4:\n${statement(':60F:C220630EUR0,00\n:61:2206300630C1,00NTRFNONREF\n:62M:C220630EUR1,00\n')}-}{5:}\nABNANL2A\n940\nABNANL2A\n${statement(':60M:C220630EUR1,00\n:61:2206300630C2,00NTRFNONREF\n:62F:C220630EUR3,00\n', ':20:2\n:25:AT483200000012345864\n:28C:1/2\n')}-\n`;
    const file = readText(text);
    expect(file.bank).toBe('Knab');
    expect(file.statements.map((s) => [s.sequence, s.opening?.amountCents, s.closing?.amountCents, s.intermediate])).toEqual([
      ['1/1', 0, 100, { opening: false, closing: true }],
      ['1/2', 100, 300, { opening: true, closing: false }],
    ]);
  });

  it('reads envelopes in a Nordic national character set (ä4: ... -å)', () => {
    expect(
      readText(`ä4:\n${statement(':60F:C130928SEK0,\n:62F:C130930SEK0,\n')}-å\nä4:\n${statement(':60F:C130930SEK0,\n:62F:C130930SEK0,\n')}-å\n`).statements,
    ).toHaveLength(2);
  });

  it('starts a statement at a block without :20: that follows a closed one', () => {
    const text = `${statement(':60F:C260101EUR0,00\n:62F:C260101EUR0,00\n')}:25:AT611904300234573201\n:28C:2/1\n:60F:C260102EUR5,00\n:62F:C260102EUR5,00\n`;
    expect(readText(text).statements.map((s) => s.iban)).toEqual(['AT483200000012345864', 'AT611904300234573201']);
  });

  it('reads a lone "-" inside a wrapped field as its text, not as the end of the message', () => {
    const text = `${statement(':60F:C260101EUR10,00\n:61:2601010101D1,14NDDTEREF//1\n:86:/EREF/EV123R\nEP1//MARF/MND\n-\nEV01//CSID/NL32ZZZ999999991234\n:61:2601010101C2,00NTRFNONREF\n:62F:C260101EUR10,86\n')}-\n`;
    const [s] = readText(text).statements;
    expect(s!.entries.map((e) => e.amountCents)).toEqual([-114, 200]);
    expect(s!.closing?.amountCents).toBe(1_086);
  });

  it('ends a message at a "-" line before a bank header line of the next', () => {
    const second = statement(':60F:C260102EUR0,00\n:62F:C260102EUR0,00\n', ':20:2\n:25:AT611904300234573201\n:28C:2/1\n');
    const text = `${statement(':60F:C260101EUR0,00\n:62F:C260101EUR0,00\n')}-\n0000 01INGBNL2AXXXX00001\n940 00\n${second}-\n`;
    expect(readText(text).statements.map((s) => s.iban)).toEqual(['AT483200000012345864', 'AT611904300234573201']);
  });

  it('keeps two equal entries of one account apart over two messages of the file', () => {
    const text = `${statement(':60F:C260101EUR0,00\n:61:2601010101C1,00NTRFNONREF\n:62M:C260101EUR1,00\n')}-\n${statement(':60M:C260101EUR1,00\n:61:2601010101C1,00NTRFNONREF\n:62F:C260101EUR2,00\n')}-\n`;
    const keys = readText(text).statements.flatMap((s) => s.entries.map((e) => e.key));
    expect(new Set(keys).size).toBe(2);
  });
});

describe('MT942 interim reports', () => {
  it('reads the entries as not yet booked, with the stated numbers and sums of debits and credits', () => {
    const s = first(
      ':20:131110\n:25:45050050/76198810\n:28C:13/37\n:34F:EURD12345,67\n:13D:1901091733+0100\n:61:190109C9792,00FTRFNONREF\n:86:008?00DAUERAUFTRAG?20Miete Dezember?32MUELLER\n:90D:0EUR0,00\n:90C:1EUR9792,00\n',
    );
    expect(s).toMatchObject({
      format: 'mt942',
      kind: 'report',
      currency: 'EUR',
      opening: null,
      closing: null,
      totals: { debit: { count: 0, cents: 0 }, credit: { count: 1, cents: 979_200 } },
    });
    expect(s.entries[0]).toMatchObject({ status: 'pending', amountCents: 979_200, remittance: 'Miete Dezember', counterpartyName: 'MUELLER' });
  });
});

describe('MT940 files that are not statements', () => {
  it('refuses a day that does not exist, naming the statement, line and field', () => {
    expect(() => readText(statement(':60F:C260101EUR0,00\n:62F:C021131EUR0,00\n'))).toThrow(
      'Statement 1 (line 5): :62F: "C021131EUR0,00" is not a balance (C/D, date YYMMDD, currency, amount).',
    );
  });

  it('refuses a broken :61: line naming its line', () => {
    expect(() => readText(statement(':60F:C260101EUR0,00\n:61:26010X\n:62F:C260101EUR0,00\n'))).toThrow(
      'Statement 1 (line 5): :61: "26010X" is not a statement line (value date YYMMDD, C/D mark, amount).',
    );
  });

  it('refuses a file with SWIFT fields but no statement', () => {
    expect(() => readText(':86:166?20Spende?32Betterplace\n')).toThrow('Line 1: no MT940 statement found (no :60F: balance, :61: line or MT942 totals).');
  });

  it('refuses a file of statement headers without balances, entries or report totals', () => {
    expect(() => readText(':20:0003478756\n:25:DE89370400440532013000\n\n:20:0003478757\n:25:DE89370400440532013000\n')).toThrow(
      'Line 1: no MT940 statement found (no :60F: balance, :61: line or MT942 totals).',
    );
  });

  it('reads an interim report without entries as a statement: its floor, time and totals say something', () => {
    const s = first(':20:131110\n:25:45050050/76198810\n:28C:13/37\n:34F:EURD0,00\n:13D:1901091733+0100\n:90D:0EUR0,00\n:90C:0EUR0,00\n');
    expect(s).toMatchObject({ format: 'mt942', entries: [], totals: { debit: { count: 0, cents: 0 }, credit: { count: 0, cents: 0 } } });
  });

  it('does not import entries after the end of the last statement that name no statement, and names their lines', () => {
    const text = `${statement(':60F:C260101EUR0,00\n:61:2601010101C1,00NTRFNONREF\n:62F:C260101EUR1,00\n')}-\n:61:2601020102C5,00NTRFNONREF\n:86:Fragment\nmore text\n`;
    const file = readText(text);
    expect(file.statements).toHaveLength(1);
    expect(file.statements[0]!.entries).toHaveLength(1);
    expect(file.strayLines).toEqual([8, 9, 10]);
  });

  it('keeps entries after a statement that come with their own account as a statement of their own', () => {
    const text = `${statement(':60F:C260101EUR0,00\n:62F:C260101EUR0,00\n')}-\n:25:AT611904300234573201\n:61:2601020102C5,00NTRFNONREF\n`;
    const file = readText(text);
    expect(file.statements.map((s) => [s.iban, s.entries.length])).toEqual([
      ['AT483200000012345864', 0],
      ['AT611904300234573201', 1],
    ]);
    expect(file.strayLines).toEqual([]);
  });

  it('reads a statement without closing balance (reconciling it will say so)', () => {
    expect(first(statement(':60F:C200904EUR0,\n:61:2009040904C230,00N051NONREF\n:65F:Dnullnull7414,3\n'))).toMatchObject({
      opening: { amountCents: 0 },
      closing: null,
      entries: [{ amountCents: 23_000 }],
    });
  });
});
