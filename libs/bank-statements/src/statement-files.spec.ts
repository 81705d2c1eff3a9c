import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CsvMapping } from '@portal/contracts';
import { zipSync } from 'fflate';
import { parseCamt053 } from './camt053';
import { parseCsv } from './csv';
import { parseMt940 } from './mt940';
import { StatementParseError } from './statement';
import { kindOf, parseStatementFile, previewStatementFile } from './statement-file';

const sample = (name: string) => readFileSync(join(__dirname, 'samples', name));
const text = (name: string) => sample(name).toString('utf8');
const balanceOk = (s: { opening: { amountCents: number } | null; closing: { amountCents: number } | null; entries: { status: string; amountCents: number }[] }) =>
  s.opening!.amountCents + s.entries.filter((e) => e.status === 'booked').reduce((sum, e) => sum + e.amountCents, 0) === s.closing!.amountCents;

describe('camt.053.001.02', () => {
  const [statement] = parseCamt053(text('camt053-v02.xml'));

  it('reads the account, sequence, period and balances, a negative closing balance included', () => {
    expect(statement).toMatchObject({
      format: 'camt.053.001.02',
      statementId: 'AT611904300234573201-2026-03-31',
      sequence: '61',
      iban: 'AT611904300234573201',
      currency: 'EUR',
      bic: 'BKAUATWW',
      bankName: 'UniCredit Bank Austria AG',
      from: '2026-03-30',
      to: '2026-03-31',
      opening: { amountCents: 100_000, date: '2026-03-30' },
      closing: { amountCents: -37_410, date: '2026-03-31' },
    });
    expect(balanceOk(statement!)).toBe(true);
  });

  it('reads a credit with the debtor as counterparty, umlauts intact', () => {
    expect(statement!.entries[0]).toMatchObject({
      status: 'booked',
      bookingDate: '2026-03-30',
      amountCents: 238_000,
      counterpartyName: 'Müller Gaststätten GmbH',
      counterpartyIban: 'DE89370400440532013000',
      counterpartyBic: 'COBADEFFXXX',
      remittance: 'Rechnung AR-2026-0012 Catering Frühjahrsempfang, Überweisung',
      endToEndId: 'AR-2026-0012',
      bankReference: '2026033000012345',
      bankCode: 'PMNT-RCDT-ESCT',
    });
  });

  it('reads a debit with the creditor as counterparty and drops NOTPROVIDED', () => {
    expect(statement!.entries[1]).toMatchObject({ amountCents: -500_000, counterpartyName: 'Immobilien Höttinger Au KG', counterpartyIban: 'AT483200000012345864', endToEndId: null });
  });

  it('marks a reversal (RvslInd) and books it in the direction of its CdtDbtInd', () => {
    expect(statement!.entries[2]).toMatchObject({ reversal: true, amountCents: 4_590, mandateId: 'MANDAT-2019-77', remittance: 'Rücklastschrift Abschlag März' });
  });

  it('splits a batch entry into its transactions, each with its own party and amount', () => {
    const batch = statement!.entries.filter((e) => e.batchRef === '2026033100000900');
    expect(batch.map((e) => [e.counterpartyName, e.amountCents, e.endToEndId])).toEqual([
      ['Pension Sonnhof', 40_000, 'GUT-2026-031'],
      ['Café Zöhrer', 35_000, 'GUT-2026-032'],
      ['Hotel Weißes Rössl', 45_000, 'GUT-2026-033'],
    ]);
    expect(new Set(statement!.entries.map((e) => e.key)).size).toBe(statement!.entries.length);
  });

  it('keeps a batch whole when its transactions do not add up to the entry', () => {
    const xml = text('camt053-v02.xml').replace('<Amt Ccy="EUR">450.00</Amt>', '<Amt Ccy="EUR">451.00</Amt>');
    const entries = parseCamt053(xml)[0]!.entries;
    const batch = entries.filter((e) => e.batchRef !== null);
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ amountCents: 120_000, counterpartyName: 'Pension Sonnhof, Café Zöhrer, Hotel Weißes Rössl' });
  });

  it('gives the same keys when the file is read again', () => {
    expect(parseCamt053(text('camt053-v02.xml'))[0]!.entries.map((e) => e.key)).toEqual(statement!.entries.map((e) => e.key));
  });
});

describe('camt.053.001.08', () => {
  const [statement] = parseCamt053(text('camt053-v08.xml'));

  it('reads BICFI, Sts/Cd, Pty names, the previous closing balance as opening and a structured creditor reference', () => {
    expect(statement).toMatchObject({ format: 'camt.053.001.08', sequence: '62', bic: 'BKAUATWW', opening: { amountCents: -37_410, date: '2026-03-31' }, closing: { amountCents: 81_590 } });
    expect(statement!.entries[0]).toMatchObject({ amountCents: 119_000, counterpartyName: 'Hüttenwirt Gögele', counterpartyBic: 'RLNWATWW', reference: 'RF18539007547034', endToEndId: 'E2E-TIROLER-88' });
    expect(balanceOk(statement!)).toBe(true);
  });

  it('reads a pending entry and takes its text from AddtlNtryInf', () => {
    expect(statement!.entries[1]).toMatchObject({ status: 'pending', amountCents: -8_999, remittance: 'Kartenzahlung Metro Innsbruck 01.04. 17:42' });
  });
});

describe('broken camt files', () => {
  const v02 = text('camt053-v02.xml');

  it('rejects truncated XML naming the line', () => {
    expect(() => parseCamt053(v02.slice(0, 2000))).toThrow(/^Malformed XML at line \d+: the file ends before Document\/BkToCstmrStmt\/Stmt\/Ntry\/[\w/]+ is closed \(truncated\?\)\.$/);
    expect(() => parseCamt053(v02.replace('</Ntry>', '</Nrty>'))).toThrow(/^Malformed XML at line \d+, column \d+: /);
  });

  it('rejects a wrong namespace naming it', () => {
    expect(() => parseCamt053(v02.replace('camt.053.001.02', 'camt.052.001.02'))).toThrow('Unsupported namespace urn:iso:std:iso:20022:tech:xsd:camt.052.001.02: the import reads camt.053.001.02 and camt.053.001.08.');
  });

  it('rejects an entry without amount or with a wrong indicator, naming the element', () => {
    expect(() => parseCamt053(v02.replace('<Amt Ccy="EUR">5000.00</Amt>', ''))).toThrow('Stmt 1, Ntry 2: element Amt is missing.');
    expect(() => parseCamt053(v02.replace('<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>BOOK</Sts>', '<CdtDbtInd>DEBIT</CdtDbtInd><Sts>BOOK</Sts>'))).toThrow('Stmt 1, Ntry 2: CdtDbtInd must be CRDT or DBIT, not "DEBIT".');
  });

  it('rejects XML that is not a statement', () => {
    expect(() => parseCamt053('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).toThrow('Not a camt.053 statement');
  });
});

describe('MT940', () => {
  const statements = parseMt940(sample('mt940-raiffeisen.sta').toString('latin1'));

  it('reads each message as a statement with account, sequence and balances, a negative closing balance included', () => {
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatchObject({ format: 'mt940', iban: 'AT483200000012345864', bic: 'RZBAATWW', sequence: '00042/001', opening: { amountCents: 845_025, date: '2026-03-02' }, closing: { amountCents: 1_053_075, date: '2026-03-04' } });
    expect(statements[1]!.closing).toEqual({ amountCents: -6_925, date: '2026-03-05' });
    expect(statements.every(balanceOk)).toBe(true);
  });

  it('reads structured :86: subfields: name with umlauts, IBAN, BIC, SEPA purpose and end-to-end reference', () => {
    expect(statements[0]!.entries[0]).toMatchObject({
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
    expect(statements[0]!.entries[1]).toMatchObject({ amountCents: 345_050, reference: 'AR-2026-004', counterpartyName: 'Café Zentral Salzburg', remittance: 'AR-2026-004 Geschäftsfrühstücke März' });
  });

  it('reads a reversal of a credit (RC) as a debit marked as reversal, with free-text :86:', () => {
    expect(statements[0]!.entries[2]).toMatchObject({ reversal: true, amountCents: -12_000, remittance: 'Storno Gutschrift vom 03.03. irrtuemlich gebucht, Ref 2603030778' });
  });

  it('decodes ISO 8859-1 files by itself', () => {
    const [first] = parseStatementFile(sample('mt940-raiffeisen.sta'));
    expect(first!.entries[0]!.counterpartyName).toBe('Mühle Grünbacher GmbH');
  });

  it('infers the booking year across the turn of the year', () => {
    const [s] = parseMt940(':20:X\n:25:AT483200000012345864\n:28C:1/1\n:60F:C251231EUR0,00\n:61:2512310102C10,00NTRFNONREF\n:62F:C260102EUR10,00\n');
    expect(s!.entries[0]).toMatchObject({ valueDate: '2025-12-31', bookingDate: '2026-01-02' });
  });

  it('rejects a statement without :62F: naming the statement and line', () => {
    expect(() => parseMt940(':20:X\n:25:AT483200000012345864\n:28C:1/1\n:60F:C260101EUR0,00\n:61:2601010101C10,00NTRFNONREF\n')).toThrow('Statement 1 (line 1): the closing balance :62F: is missing.');
  });

  it('rejects a broken :61: line and a broken balance', () => {
    expect(() => parseMt940(':20:X\n:25:AT483200000012345864\n:60F:C260101EUR0,00\n:61:26010X\n:62F:C260101EUR0,00\n')).toThrow('Statement 1 (line 4): :61: "26010X" is not a statement line.');
    expect(() => parseMt940(':20:X\n:25:AT483200000012345864\n:60F:X260101EUR0,00\n:62F:C260101EUR0,00\n')).toThrow(/line 3\): :60F: "X260101EUR0,00" is not a balance/);
  });

  it('keeps an account that is not an IBAN as text', () => {
    const [s] = parseMt940(':20:X\n:25:37040044/532013000\n:60F:C260101EUR0,00\n:62F:C260101EUR0,00\n');
    expect(s).toMatchObject({ iban: null, accountText: '37040044/532013000' });
  });
});

describe('CSV with a saved column mapping', () => {
  const mapping: CsvMapping = {
    delimiter: null, decimal: ',', dateFormat: 'DD.MM.YYYY', skipLines: 3,
    bookingDate: 'Buchungsdatum', valueDate: 'Valuta', amount: 'Betrag', debit: null, credit: null,
    counterpartyName: 'Empfänger/Auftraggeber', counterpartyIban: 'IBAN', remittance: 'Verwendungszweck', reference: null, currency: 'Währung',
  };

  it('reads rows through the mapping: thousands separators, quoted fields with the delimiter, umlauts', () => {
    const s = parseCsv(text('sparkasse-export.csv'), mapping, 'EUR');
    expect(s.entries).toHaveLength(3);
    expect(s.entries[0]).toMatchObject({ bookingDate: '2026-03-02', amountCents: -125_000, counterpartyName: 'Mühle Grünbacher GmbH', counterpartyIban: 'AT611904300234573201', remittance: 'Rechnung 2026-0311; Mehl' });
    expect(s).toMatchObject({ from: '2026-03-02', to: '2026-03-03', iban: null });
  });

  it('keeps two equal rows as two entries with different keys', () => {
    const s = parseCsv(text('sparkasse-export.csv'), mapping, 'EUR');
    expect(s.entries[1]!.key).not.toBe(s.entries[2]!.key);
    expect(s.entries[2]!.key).toBe(`${s.entries[1]!.key}#1`);
  });

  it('reads separate debit and credit columns and a trailing minus', () => {
    const csv = 'Datum,Soll,Haben,Text\n2026-01-05,"1,200.00",,Miete\n2026-01-06,,99.90,Gutschrift\n2026-01-07,5.00-,,Gebühr\n';
    const s = parseCsv(csv, { ...mapping, skipLines: 0, decimal: '.', dateFormat: 'YYYY-MM-DD', bookingDate: 'Datum', valueDate: null, amount: null, debit: 'Soll', credit: 'Haben', counterpartyName: null, counterpartyIban: null, remittance: 'Text', currency: null }, 'EUR');
    expect(s.entries.map((e) => e.amountCents)).toEqual([-120_000, 9_990, -500]);
  });

  it('rejects a mapping naming a column the file lacks, and a row with a bad date, naming the line', () => {
    expect(() => parseCsv(text('sparkasse-export.csv'), { ...mapping, amount: 'Umsatz' }, 'EUR')).toThrow('Column "Umsatz" is not in the file (columns: Buchungsdatum, Valuta, Empfänger/Auftraggeber, IBAN, Verwendungszweck, Betrag, Währung).');
    expect(() => parseCsv(text('sparkasse-export.csv').replace('03.03.2026;03.03.2026;Café', '33.03.2026;03.03.2026;Café'), mapping, 'EUR')).toThrow('Line 6: "33.03.2026" is not a date (DD.MM.YYYY).');
  });

  it('previews the columns and first rows for the mapping dialog', () => {
    const preview = previewStatementFile(sample('sparkasse-export.csv'), 3);
    expect(preview).toMatchObject({ kind: 'csv', delimiter: ';', columns: ['Buchungsdatum', 'Valuta', 'Empfänger/Auftraggeber', 'IBAN', 'Verwendungszweck', 'Betrag', 'Währung'] });
    expect(preview.rows).toHaveLength(3);
    expect(preview.needsAccount).toBe(true);
  });

  it('previews a camt.053 and an MT940 with their IBANs; an MT940 naming an account number instead needs the account chosen', () => {
    expect(previewStatementFile(sample('camt053-v02.xml'))).toMatchObject({ kind: 'camt', ibans: [expect.stringMatching(/^[A-Z]{2}\d\d/)], needsAccount: false });
    expect(previewStatementFile(sample('mt940-raiffeisen.sta'))).toMatchObject({ kind: 'mt940', ibans: ['AT483200000012345864'], needsAccount: false });
    const local = Buffer.from(text('mt940-raiffeisen.sta').replaceAll(':25:RZBAATWW/AT483200000012345864', ':25:32000/12345864'), 'latin1');
    expect(previewStatementFile(local)).toMatchObject({ kind: 'mt940', ibans: [], needsAccount: true });
    expect(() => previewStatementFile(Buffer.from(':20:X\n:25:AT483200000012345864\n'))).toThrow(StatementParseError);
  });

  it('asks for a mapping when a CSV comes without one', () => {
    expect(() => parseStatementFile(sample('sparkasse-export.csv'))).toThrow('This looks like a CSV export: choose the account and save its column mapping first.');
  });
});

describe('statement files', () => {
  it('tells the kind from the content', () => {
    expect(kindOf(sample('camt053-v02.xml'))).toBe('camt');
    expect(kindOf(sample('mt940-raiffeisen.sta'))).toBe('mt940');
    expect(kindOf(sample('sparkasse-export.csv'))).toBe('csv');
  });

  it('reads every camt.053 inside a ZIP, in name order', () => {
    const zip = zipSync({ '2026-03-31.xml': sample('camt053-v02.xml'), '2026-04-01.xml': sample('camt053-v08.xml'), '__MACOSX/._x.xml': new Uint8Array([1]) });
    expect(kindOf(zip)).toBe('zip');
    expect(parseStatementFile(zip).map((s) => s.format)).toEqual(['camt.053.001.02', 'camt.053.001.08']);
  });

  it('names the file inside the ZIP that is broken', () => {
    const zip = zipSync({ 'a.xml': sample('camt053-v02.xml'), 'b.xml': sample('camt053-v08.xml').subarray(0, 500) });
    expect(() => parseStatementFile(zip)).toThrow(/^b\.xml: Malformed XML at line/);
  });

  it('rejects a damaged ZIP and one without statements', () => {
    const zip = zipSync({ 'a.xml': sample('camt053-v02.xml') });
    expect(() => parseStatementFile(zip.subarray(0, 60))).toThrow(StatementParseError);
    expect(() => parseStatementFile(zipSync({ 'readme.txt': new Uint8Array([65]) }))).toThrow('The ZIP archive holds no statement file.');
  });
});
