import { guessCsvMapping, mappingProblem } from './csv-mapping';

describe("guessing a bank CSV's column mapping", () => {
  it('maps a Sparkasse export by its German titles, with German dates and decimal commas', () => {
    const columns = ['Buchungsdatum', 'Valuta', 'Empfänger/Auftraggeber', 'IBAN', 'Verwendungszweck', 'Betrag', 'Währung'];
    const mapping = guessCsvMapping(columns, [['02.03.2026', '02.03.2026', 'Mühle', 'AT61…', 'Rechnung', '-1.250,00', 'EUR']], 3, ';');
    expect(mapping).toEqual({
      delimiter: ';',
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
    });
    expect(mappingProblem(mapping)).toBeNull();
  });

  it('maps an English export with debit and credit columns, ISO dates and decimal points', () => {
    const mapping = guessCsvMapping(['Date', 'Description', 'Debit', 'Credit', 'Payee'], [['2026-03-02', 'Invoice 7', '12.50', '', 'Metro']], 0, ',');
    expect(mapping).toMatchObject({
      bookingDate: 'Date',
      remittance: 'Description',
      amount: null,
      debit: 'Debit',
      credit: 'Credit',
      counterpartyName: 'Payee',
      dateFormat: 'YYYY-MM-DD',
      decimal: '.',
    });
  });

  it('reads dates with slashes day first, as French, British and Italian exports write them, unless a month would pass 12', () => {
    const titles = ['Date', 'Libellé', 'Montant'];
    expect(guessCsvMapping(titles, [['05/01/2024', 'VIREMENT', '250,50']], 0, ';').dateFormat).toBe('DD/MM/YYYY');
    expect(guessCsvMapping(titles, [['05/03/24', 'LOYER', '-800,00']], 0, ';').dateFormat).toBe('DD/MM/YY');
    expect(
      guessCsvMapping(
        titles,
        [
          ['01/05/2026', 'Rent', '-800.00'],
          ['01/15/2026', 'Salary', '2000.00'],
        ],
        0,
        ',',
      ).dateFormat,
    ).toBe('MM/DD/YYYY');
  });

  it('finds a column of direction marks beside unsigned amounts, by its values or its title, with the mark of a debit', () => {
    const rows = [
      ['20260213', 'Kosten', 'Af', '1,25'],
      ['20260214', 'Storting', 'Bij', '20,00'],
    ];
    const byValues = guessCsvMapping(['Datum', 'Text', 'Richtung', 'Betrag'], rows, 0, ',');
    expect(byValues).toMatchObject({ amount: 'Betrag', debitMark: 'Richtung', debitMarkText: 'Af', dateFormat: 'YYYYMMDD' });
    const byTitle = guessCsvMapping(['Buchungstag', 'Text', 'Soll/Haben', 'Betrag'], [['01.02.2026', 'Miete', 'S', '800,00']], 0, ';');
    expect(byTitle).toMatchObject({ debitMark: 'Soll/Haben', debitMarkText: 'S' });
    expect(guessCsvMapping(['Datum', 'Text', 'Betrag'], [['01.02.2026', 'Miete', '-800,00']], 0, ';').debitMark).toBeUndefined();
  });

  it('reads the date format of a cell with a time after the date, and of dates with dashes', () => {
    expect(guessCsvMapping(['Completed Date', 'Amount'], [['2026-01-02 12:16:55', '-250.00']], 0, ',').dateFormat).toBe('YYYY-MM-DD');
    expect(guessCsvMapping(['Datum', 'Bedrag'], [['17-06-2026', '130.44']], 0, ',').dateFormat).toBe('DD-MM-YYYY');
  });

  it('reads the date format of dates with month names and of dates with slashes year first', () => {
    expect(guessCsvMapping(['Date', 'Amount'], [['15 Sep 2026', '-12.50']], 0, ',').dateFormat).toBe('D MMM YYYY');
    expect(guessCsvMapping(['Datum', 'Betrag'], [['3. März 2026', '-12,50']], 0, ';').dateFormat).toBe('D MMM YYYY');
    expect(guessCsvMapping(['Date', 'Amount'], [['Sep 15, 2026', '-12.50']], 0, ';').dateFormat).toBe('MMM D, YYYY');
    expect(guessCsvMapping(['Date', 'Amount'], [['2026/09/15', '-12.50']], 0, ',').dateFormat).toBe('YYYY/MM/DD');
  });

  it('takes a running balance and the own account from titles that say so, and not a bare account number', () => {
    const mapping = guessCsvMapping(['Auftragskonto', 'Datum', 'Betrag', 'Saldo (€)'], [['DE89370400440532013000', '02.03.2026', '-1,00', '99,00']], 0, ';');
    expect(mapping).toMatchObject({ ownAccount: 'Auftragskonto', balanceAfter: 'Saldo (€)', amount: 'Betrag' });
    const english = guessCsvMapping(['Date', 'Amount', 'Running Balance', 'Kontonummer'], [['2026-03-02', '-1.00', '99.00', '0987654321']], 0, ',');
    expect(english).toMatchObject({ balanceAfter: 'Running Balance' });
    expect(english.ownAccount).toBeUndefined();
  });

  it("takes a fee beside each amount (Revolut's Fee, Gebühr) and a state column, but not Wise's Total fees", () => {
    const columns = ['Art', 'Datum des Abschlusses', 'Beschreibung', 'Betrag', 'Gebühr', 'Währung', 'Status', 'Kontostand'];
    const revolut = guessCsvMapping(columns, [['Karte', '2025-08-21 15:43:25', 'Cafe', '-64.23', '3.85', 'CHF', 'ABGESCHLOSSEN', '8802.69']], 0, ',');
    expect(revolut).toMatchObject({ amount: 'Betrag', fee: 'Gebühr', status: 'Status', balanceAfter: 'Kontostand', decimal: '.' });
    expect(guessCsvMapping(['Date', 'Amount', 'Total fees'], [['24-08-2020', '-357.38', '11.35']], 0, ',').fee).toBeUndefined();
  });

  it("takes the titles of British exports' texts for the remittance: Details, Memo, Narrative", () => {
    for (const title of ['Details', 'Memo', 'Narrative'])
      expect(guessCsvMapping(['Date', title, 'Amount'], [['15 Sep 2026', 'Coffee', '-3.20']], 0, ',').remittance).toBe(title);
  });

  it('takes a first line with a date written with its month name for an entry: the file has no column titles', () => {
    expect(guessCsvMapping(['15 Sep 2026', 'Coffee', '-3.20'], [], 0, ',')).toMatchObject({ headerless: true, bookingDate: '#1', dateFormat: 'D MMM YYYY' });
  });

  it('asks for the mark of a debit when a direction column is chosen without it', () => {
    const mapping = { ...guessCsvMapping(['Datum', 'Kennz', 'Betrag'], [['01.02.2026', 'S', '800,00']], 0, ';'), debitMark: 'Kennz', debitMarkText: '' };
    expect(mappingProblem(mapping)).toBe('debitMarkText');
  });

  it('takes a first line with a date in it for an entry: the columns go by position, the booking date is the first with dates', () => {
    const mapping = guessCsvMapping(
      ['NL00ASNB0000000001', '17-06-2026', 'Huur', '-800.00'],
      [['NL00ASNB0000000001', '18-06-2026', 'Salaris', '2500.00']],
      0,
      ',',
    );
    expect(mapping).toMatchObject({ headerless: true, bookingDate: '#2', dateFormat: 'DD-MM-YYYY', decimal: '.' });
    expect(guessCsvMapping(['Datum', 'Betrag'], [['17.06.2026', '1,00']], 0, ';').headerless).toBeUndefined();
    expect(guessCsvMapping(['Datum', 'Betrag'], [['17.06.2026', '1,00']], 0, ';', true)).toMatchObject({ headerless: true, bookingDate: '#1' });
  });

  it('maps Dutch and French exports by their titles, an amount whose title names its currency included', () => {
    const dutch = ['Datum', 'Naam / Omschrijving', 'Rekening', 'Tegenrekening', 'Af Bij', 'Bedrag (EUR)', 'Mededelingen'];
    expect(guessCsvMapping(dutch, [['20260213', 'Kosten', 'NL00', '', 'Af', '1,25', 'Januari']], 0, ',')).toMatchObject({
      bookingDate: 'Datum',
      amount: 'Bedrag (EUR)',
      counterpartyName: 'Naam / Omschrijving',
      counterpartyIban: 'Tegenrekening',
      remittance: 'Mededelingen',
      debitMark: 'Af Bij',
      debitMarkText: 'Af',
    });
    const french = ["Date d'opération", 'Libellé', 'Débit', 'Crédit', 'Devise'];
    expect(guessCsvMapping(french, [['05/01/2026', 'LOYER', '-800,00', '', 'EUR']], 0, ';')).toMatchObject({
      bookingDate: "Date d'opération",
      amount: null,
      debit: 'Débit',
      credit: 'Crédit',
      remittance: 'Libellé',
      currency: 'Devise',
    });
    expect(guessCsvMapping(['Buchungstag', 'Umsatz in EUR'], [['17.05.2026', '-33,11']], 0, ';').amount).toBe('Umsatz in EUR');
  });

  it('names what is missing before an import can run', () => {
    const mapping = guessCsvMapping(['Tag', 'Wert'], [['x', 'y']], 0, null);
    expect(mapping.bookingDate).toBe('Tag');
    expect(mappingProblem(mapping)).toBe('amount');
  });
});
