import type { CsvMapping } from '@portal/contracts';
import { parseStatementFile } from '../read-statement-file';
import { sample, sampleText } from '../../test/samples';
import { readMappedCsv } from './read-mapped-csv';

const mapping: CsvMapping = {
  delimiter: null,
  decimal: ',',
  dateFormat: 'DD.MM.YYYY',
  skipLines: 3,
  bookingDate: 'Buchungsdatum',
  valueDate: 'Valuta',
  amount: 'Betrag',
  debit: null,
  credit: null,
  counterpartyName: 'Empfänger/Auftraggeber',
  counterpartyIban: 'IBAN',
  remittance: 'Verwendungszweck',
  reference: null,
  currency: 'Währung',
};
const exported = sampleText('sparkasse-export.csv');

describe('a CSV the portal does not recognise, read with the column mapping saved for the account', () => {
  it('reads rows through the mapping: thousands separators, quoted fields with the delimiter, umlauts', () => {
    const s = readMappedCsv(exported, mapping, 'EUR').statement;
    expect(s.entries).toHaveLength(3);
    expect(s.entries[0]).toMatchObject({
      bookingDate: '2026-03-02',
      amountCents: -125_000,
      counterpartyName: 'Mühle Grünbacher GmbH',
      counterpartyIban: 'AT611904300234573201',
      remittance: 'Rechnung 2026-0311; Mehl',
    });
    expect(s).toMatchObject({ from: '2026-03-02', to: '2026-03-03', iban: null, format: 'csv' });
  });

  it('keeps two equal rows as two entries with different keys', () => {
    const [s] = parseStatementFile(sample('sparkasse-export.csv'), { csvMapping: mapping }).statements;
    expect(s!.entries[1]!.key).not.toBe(s!.entries[2]!.key);
    expect(s!.entries[2]!.key).toBe(`${s!.entries[1]!.key}#1`);
  });

  it('reads separate debit and credit columns and a trailing minus', () => {
    const csv = 'Datum,Soll,Haben,Text\n2026-01-05,"1,200.00",,Miete\n2026-01-06,,99.90,Gutschrift\n2026-01-07,5.00-,,Gebühr\n';
    const { statement: s } = readMappedCsv(
      csv,
      {
        ...mapping,
        skipLines: 0,
        decimal: '.',
        dateFormat: 'YYYY-MM-DD',
        bookingDate: 'Datum',
        valueDate: null,
        amount: null,
        debit: 'Soll',
        credit: 'Haben',
        counterpartyName: null,
        counterpartyIban: null,
        remittance: 'Text',
        currency: null,
      },
      'EUR',
    );
    expect(s.entries.map((e) => e.amountCents)).toEqual([-120_000, 9_990, -500]);
  });

  it('refuses a mapping naming a column the file lacks, and a row with a bad date, naming the line', () => {
    expect(() => readMappedCsv(exported, { ...mapping, amount: 'Umsatz' }, 'EUR')).toThrow(
      'Column "Umsatz" is not in the file (columns: Buchungsdatum, Valuta, Empfänger/Auftraggeber, IBAN, Verwendungszweck, Betrag, Währung).',
    );
    expect(() => readMappedCsv(exported.replace('03.03.2026;03.03.2026;Café', '33.03.2026;03.03.2026;Café'), mapping, 'EUR')).toThrow(
      'Line 6: "33.03.2026" is not a date (DD.MM.YYYY).',
    );
  });

  it('skips a note under the table that has neither a date nor an amount, naming its line', () => {
    const csv = '"Buchungstag";"Umsatz";"Text"\n"20.01.2024";"-11,99";"Karte"\n"29.01.2024";"2.432,10";"Lohn"\n"* noch nicht ausgeführte Umsätze"\n';
    const read = readMappedCsv(
      csv,
      {
        ...mapping,
        skipLines: 0,
        bookingDate: 'Buchungstag',
        valueDate: null,
        amount: 'Umsatz',
        counterpartyName: null,
        counterpartyIban: null,
        remittance: 'Text',
        currency: null,
      },
      'EUR',
    );
    expect(read.statement.entries.map((e) => e.amountCents)).toEqual([-1_199, 243_210]);
    expect(read.skippedLines).toEqual([4]);
  });

  it('reads day-first dates with slashes and two-digit years, and skips a balance line, as French exports write them', () => {
    const csv = 'Date;Libellé;Débit;Crédit\n05/03/24;LOYER;-800,00;\n20/03/24;REMBOURSEMENT;;+10,00\nSolde en début de période;;;+800,00\n';
    const dayFirst = {
      ...mapping,
      skipLines: 0,
      dateFormat: 'DD/MM/YY' as const,
      bookingDate: 'Date',
      valueDate: null,
      amount: null,
      debit: 'Débit',
      credit: 'Crédit',
      counterpartyName: null,
      counterpartyIban: null,
      remittance: 'Libellé',
      currency: null,
    };
    const { statement, skippedLines } = readMappedCsv(csv, dayFirst, 'EUR');
    expect(skippedLines).toEqual([4]);
    expect(statement.entries.map((e) => [e.bookingDate, e.amountCents])).toEqual([
      ['2024-03-05', -80_000],
      ['2024-03-20', 1_000],
    ]);
  });

  it('refuses a mapping under which no row has a date and an amount', () => {
    expect(() =>
      readMappedCsv(
        'Datum;Betrag\n;\n',
        {
          ...mapping,
          skipLines: 0,
          bookingDate: 'Datum',
          valueDate: null,
          amount: 'Betrag',
          counterpartyName: null,
          counterpartyIban: null,
          remittance: null,
          currency: null,
        },
        'EUR',
      ),
    ).toThrow('Line 2: no row has a date (DD.MM.YYYY) and an amount.');
  });

  it('asks for a mapping when it comes without one', () => {
    expect(() => parseStatementFile(sample('sparkasse-export.csv'))).toThrow(
      'This CSV is not an export of a bank the portal knows: choose the account and save its column mapping first.',
    );
  });
});
