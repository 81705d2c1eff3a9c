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
    const s = readMappedCsv(exported, mapping, 'EUR').statements[0]!;
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
    const {
      statements: [s],
    } = readMappedCsv(
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
    expect(read.statements[0]!.entries.map((e) => e.amountCents)).toEqual([-1_199, 243_210]);
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
    const {
      statements: [statement],
      skippedLines,
    } = readMappedCsv(csv, dayFirst, 'EUR');
    expect(skippedLines).toEqual([4]);
    expect(statement.entries.map((e) => [e.bookingDate, e.amountCents])).toEqual([
      ['2024-03-05', -80_000],
      ['2024-03-20', 1_000],
    ]);
  });

  const bare = { ...mapping, skipLines: 0, valueDate: null, counterpartyName: null, counterpartyIban: null, remittance: 'Text', currency: null };

  it('reads unsigned amounts whose direction sits in a column of its own, with compact dates (Dutch and older German exports)', () => {
    const csv = '"Datum","Text","Af Bij","Bedrag"\n"20260213","Kosten","Af","1,25"\n"20260214","Storting","Bij","20,00"\n"20260215","Correctie","af","0,50"\n';
    const marked = { ...bare, dateFormat: 'YYYYMMDD' as const, bookingDate: 'Datum', amount: 'Bedrag', debitMark: 'Af Bij', debitMarkText: 'Af' };
    expect(readMappedCsv(csv, marked, 'EUR').statements[0]!.entries.map((e) => [e.bookingDate, e.amountCents])).toEqual([
      ['2026-02-13', -125],
      ['2026-02-14', 2_000],
      ['2026-02-15', -50],
    ]);
  });

  it('refuses a direction column without the text that marks a debit', () => {
    const csv = 'Datum;Text;S/H;Betrag\n01.02.2026;Miete;S;800,00\n';
    const noText = { ...bare, bookingDate: 'Datum', amount: 'Betrag', debitMark: 'S/H', debitMarkText: ' ' };
    expect(() => readMappedCsv(csv, noText, 'EUR')).toThrow('The column mapping needs the text that marks a debit in the column "S/H".');
  });

  it('reads a date with a time after it as that day, and dates with dashes day first', () => {
    const csv = 'Completed;Text;Amount;Booked\n2026-01-02 12:16:55;Transfer;-250.00;02-01-2026\n2026-01-08T08:12:12Z;Top-up;500.00;08-01-2026\n';
    const timed = { ...bare, decimal: '.' as const, dateFormat: 'YYYY-MM-DD' as const, bookingDate: 'Completed', amount: 'Amount' };
    expect(readMappedCsv(csv, timed, 'EUR').statements[0]!.entries.map((e) => [e.bookingDate, e.amountCents])).toEqual([
      ['2026-01-02', -25_000],
      ['2026-01-08', 50_000],
    ]);
    const dashed = { ...timed, dateFormat: 'DD-MM-YYYY' as const, bookingDate: 'Booked' };
    expect(readMappedCsv(csv, dashed, 'EUR').statements[0]!.entries.map((e) => e.bookingDate)).toEqual(['2026-01-02', '2026-01-08']);
  });

  it('reads a payment without a booking date as pending on its value date, and skips it, naming its line, without one', () => {
    const csv = 'Started;Completed;Text;Amount\n2026-01-02 12:16;2026-01-02 12:17;Transfer;-250.00\n2026-01-13 11:21;;Card;-44.57\n';
    const pending = { ...bare, decimal: '.' as const, dateFormat: 'YYYY-MM-DD' as const, bookingDate: 'Completed', amount: 'Amount' };
    const withValueDate = readMappedCsv(csv, { ...pending, valueDate: 'Started' }, 'EUR');
    expect(withValueDate.statements[0]!.entries.map((e) => [e.bookingDate, e.amountCents, e.status])).toEqual([
      ['2026-01-02', -25_000, 'booked'],
      ['2026-01-13', -4_457, 'pending'],
    ]);
    expect(withValueDate.skippedLines).toEqual([]);
    const without = readMappedCsv(csv, pending, 'EUR');
    expect(without.statements[0]!.entries.map((e) => e.amountCents)).toEqual([-25_000]);
    expect(without.skippedLines).toEqual([3]);
  });

  it("reads a file without column titles by the columns' positions, from its first line on", () => {
    const csv = '17-06-2026,NL00ASNB0000000001,Huur,EUR,-800.00\n18-06-2026,NL00ASNB0000000001,Salaris,EUR,2500.00\n';
    const byPosition = {
      ...bare,
      delimiter: ',' as const,
      decimal: '.' as const,
      dateFormat: 'DD-MM-YYYY' as const,
      bookingDate: '#1',
      amount: '#5',
      remittance: '#3',
      headerless: true,
    };
    const read = readMappedCsv(csv, byPosition, 'EUR');
    expect(read.statements[0]!.entries.map((e) => [e.bookingDate, e.amountCents, e.remittance])).toEqual([
      ['2026-06-17', -80_000, 'Huur'],
      ['2026-06-18', 250_000, 'Salaris'],
    ]);
    expect(() => readMappedCsv('x,y\n17-06-2026,zz\n', byPosition, 'EUR')).toThrow('Column "#5" is not in the file (columns: #1, #2).');
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

  it('reads an export of several accounts as one statement per account of the own-account column, by IBAN or by account number', () => {
    const csv = [
      'Buchungsdatum,Betrag,Verwendungszweck,Kontonummer',
      '05.12.2025,"-123,45 €",Umbuchung,0987654321',
      '05.12.2025,"123,45 €",Umbuchung,1234567890',
      '06.12.2025,"-50,00 €",Spende, 1234567890 ',
      '07.12.2025,"10,00 €",Zins,DE89 3704 0044 0532 0130 00',
    ].join('\n');
    const several = {
      ...bare,
      decimal: ',' as const,
      bookingDate: 'Buchungsdatum',
      amount: 'Betrag',
      remittance: 'Verwendungszweck',
      ownAccount: 'Kontonummer',
    };
    const { statements } = readMappedCsv(csv, several, 'EUR');
    expect(statements.map((s) => [s.accountText, s.iban, s.entries.map((e) => e.amountCents)])).toEqual([
      ['0987654321', null, [-12_345]],
      ['1234567890', null, [12_345, -5_000]],
      ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', [1_000]],
    ]);
    expect(readMappedCsv(csv, { ...several, ownAccount: null }, 'EUR').statements).toHaveLength(1);
  });

  it('takes the opening and closing balance from a running balance column, newest row first as many exports list them', () => {
    const csv = ['Date,Description,Amount,Balance', '03/02/2026,Card,-20.00,180.00', '02/02/2026,Salary,100.00,200.00', '01/02/2026,Fee,-1.50,100.00'].join(
      '\n',
    );
    const running = {
      ...bare,
      decimal: '.' as const,
      dateFormat: 'DD/MM/YYYY' as const,
      bookingDate: 'Date',
      amount: 'Amount',
      remittance: 'Description',
      balanceAfter: 'Balance',
    };
    const [statement] = readMappedCsv(csv, running, 'EUR').statements;
    expect(statement).toMatchObject({ opening: { amountCents: 10_150, date: '2026-02-01' }, closing: { amountCents: 18_000, date: '2026-02-03' } });
    expect(readMappedCsv(csv, { ...running, balanceAfter: null }, 'EUR').statements[0]).toMatchObject({ opening: null, closing: null });
    // Balances that chain down the file, under dates that run the other way: the balances give the order of booking.
    const chainedDown = [
      'Date,Description,Amount,Balance',
      '03/02/2026,Fee,-6.00,1000.00',
      '02/02/2026,Salary,600.00,1600.00',
      '01/02/2026,Card,-17.00,1583.00',
    ];
    expect(readMappedCsv(chainedDown.join('\n'), running, 'EUR').statements[0]).toMatchObject({
      opening: { amountCents: 100_600, date: '2026-02-03' },
      closing: { amountCents: 158_300, date: '2026-02-01' },
    });
  });

  it('reads a state column: pending rows are pending entries, declined and reverted ones are skipped, naming their lines', () => {
    const csv = [
      'Type,Started Date,Completed Date,Description,Amount,State',
      'CARD_PAYMENT,2026-02-01 10:00:00,2026-02-02 09:00:00,Cafe,-4.50,COMPLETED',
      'CARD_PAYMENT,2026-02-03 11:00:00,2026-02-03 11:00:00,Shop,-9.99,PENDING',
      'CARD_PAYMENT,2026-02-04 12:00:00,2026-02-04 12:00:00,Shop,-9.99,REVERTED',
      'CARD_PAYMENT,2026-02-05 13:00:00,,Taxi,-20.00,DECLINED',
    ].join('\n');
    const revolut = {
      ...bare,
      decimal: '.' as const,
      dateFormat: 'YYYY-MM-DD' as const,
      bookingDate: 'Completed Date',
      valueDate: 'Started Date',
      amount: 'Amount',
      remittance: 'Description',
      status: 'State',
    };
    const { statements, skippedLines } = readMappedCsv(csv, revolut, 'EUR');
    expect(statements[0]!.entries.map((e) => [e.status, e.bookingDate, e.amountCents])).toEqual([
      ['booked', '2026-02-02', -450],
      ['pending', '2026-02-03', -999],
    ]);
    expect(skippedLines).toEqual([4, 5]);
    expect(readMappedCsv(csv, { ...revolut, status: null }, 'EUR').statements[0]!.entries).toHaveLength(4);
  });

  it('takes a fee charged beside each amount as paid out on top of it', () => {
    const csv = ['Completed Date,Description,Amount,Fee,Balance', '2026-02-02,Card,-64.23,3.85,931.92', '2026-02-03,Top-up,100.00,0.00,1031.92'].join('\n');
    const revolut = {
      ...bare,
      decimal: '.' as const,
      dateFormat: 'YYYY-MM-DD' as const,
      bookingDate: 'Completed Date',
      amount: 'Amount',
      remittance: 'Description',
      fee: 'Fee',
      balanceAfter: 'Balance',
    };
    const [statement] = readMappedCsv(csv, revolut, 'EUR').statements;
    expect(statement!.entries.map((e) => e.amountCents)).toEqual([-6_808, 10_000]);
    // With the fee the running balance chains: 1,000.00 before the first row.
    expect(statement).toMatchObject({ opening: { amountCents: 100_000 }, closing: { amountCents: 103_192 } });
  });

  it('adds the text of a row without date and amount to the entry above it, and still skips a note of one cell', () => {
    const csv = [
      'Date;Libellé;Débit;Crédit',
      '17/02/2025;VIR RECU 123;;115,00',
      ';DE: JEAN DUPONT;;',
      ';MOTIF: FACTURE 7;;',
      '21/02/2025;CARTE X4611;-90,00;',
      'Fin du relevé',
    ].join('\n');
    const french = { ...bare, dateFormat: 'DD/MM/YYYY' as const, bookingDate: 'Date', amount: null, debit: 'Débit', credit: 'Crédit', remittance: 'Libellé' };
    const { statements, skippedLines } = readMappedCsv(csv, french, 'EUR');
    expect(statements[0]!.entries.map((e) => [e.amountCents, e.remittance])).toEqual([
      [11_500, 'VIR RECU 123 DE: JEAN DUPONT MOTIF: FACTURE 7'],
      [-9_000, 'CARTE X4611'],
    ]);
    expect(skippedLines).toEqual([6]);
  });

  it('reads an export that quotes every field without doubling the quotes inside one, and refuses quotes that open and never close', () => {
    const csv = ['"Data","Gavėjas","Suma"', '"2012-01-26","UAB "Naktida"","12.20"', '"2012-01-27","Company","-1.00"'].join('\n');
    const lt = {
      ...bare,
      decimal: '.' as const,
      dateFormat: 'YYYY-MM-DD' as const,
      bookingDate: 'Data',
      amount: 'Suma',
      counterpartyName: 'Gavėjas',
      remittance: null,
    };
    expect(readMappedCsv(csv, lt, 'EUR').statements[0]!.entries.map((e) => [e.counterpartyName, e.amountCents])).toEqual([
      ['UAB "Naktida"', 1_220],
      ['Company', -100],
    ]);
    // The same through the whole file's reading, which first looks for a known bank's export.
    expect(parseStatementFile(Buffer.from(csv, 'utf8'), { csvMapping: lt }).statements[0]!.entries).toHaveLength(2);
    const split = ['"Data","Gavėjas","Suma"', '"2012-01-26","Müller, "Hans"","12.20"'].join('\n');
    expect(() => readMappedCsv(split, lt, 'EUR')).toThrow(/^Line \d+: .*quote/i);
  });

  it('asks for a mapping when it comes without one', () => {
    expect(() => parseStatementFile(sample('sparkasse-export.csv'))).toThrow(
      'This CSV is not an export of a bank the portal knows: choose the account and save its column mapping first.',
    );
  });
});
