import { parseStatementFile } from '../read-statement-file';
import { readText, sample } from '../../test/samples';

/**
 * Bank CSV exports as the banks publish their current layouts: column titles copied from the layouts, the lines
 * above the table as the online banking writes them, data made up. Semicolons and commas, decimal commas,
 * quoted fields and byte order marks.
 */
const crlf = (...lines: string[]) => lines.join('\r\n');
const withBom = (text: string) => parseStatementFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));

describe('bank CSV exports in their current published layouts', () => {
  it('reads a DKB export (since 2023): account and balance lines above the table, the IBAN written in groups, quoted fields, a BOM', () => {
    const file = withBom(
      crlf(
        '"Konto";"Girokonto DE02 1203 0000 0000 2020 51"',
        '""',
        '"Kontostand vom 30.11.2026:";"1.234,56 €"',
        '""',
        '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"',
        '"30.11.26";"30.11.26";"Vorgemerkt";"Max Muster";"Stadtwerke";"Abschlag; Dezember";"Ausgang";"DE89370400440532013000";"-45,5";"DE98ZZZ09999999999";"M-1";""',
        '"29.11.26";"29.11.26";"Gebucht";"Arbeitgeber GmbH";"Max Muster";"Gehalt November";"Eingang";"DE89370400440532013000";"2.500";"";"";"E2E-1"',
      ),
    );
    expect(file.bank).toBe('DKB');
    const [s] = file.statements;
    expect(s!.iban).toBe('DE02120300000000202051');
    expect(s!.entries.map((e) => [e.status, e.bookingDate, e.amountCents, e.counterpartyName, e.remittance])).toEqual([
      ['pending', '2026-11-30', -4_550, 'Stadtwerke', 'Abschlag; Dezember'],
      ['booked', '2026-11-29', 250_000, 'Arbeitgeber GmbH', 'Gehalt November'],
    ]);
  });

  it('reads a comdirect export: the new balance above the table, the old one below it, a payment not booked yet ("offen") pending', () => {
    const file = readText(
      crlf(
        ';',
        '"Umsätze Girokonto";"Zeitraum: 01.11.2026 - 30.11.2026";',
        '"Neuer Kontostand";"3.454,50 EUR";',
        '',
        '"Buchungstag";"Wertstellung (Valuta)";"Vorgang";"Buchungstext";"Umsatz in EUR";',
        '"offen";"--";"Kartenverfügung";"Buchungstext: Baumarkt";"-23,86";',
        '"28.11.2026";"28.11.2026";"Lastschrift / Belastung";"Auftraggeber: Stadtwerke Buchungstext: Abschlag Dezember";"-45,50";',
        '"27.11.2026";"26.11.2026";"Übertrag / Überweisung";"Auftraggeber: Arbeitgeber GmbH Buchungstext: Gehalt November";"2.500,00";',
        '',
        '"Alter Kontostand";"1.000,00 EUR";',
      ),
    );
    expect(file.bank).toBe('comdirect');
    // 1,000.00 − 45.50 + 2,500.00 = 3,454.50: the pending payment is in neither balance.
    expect(file.statements[0]).toMatchObject({
      opening: { amountCents: 100_000, date: '2026-11-01' },
      closing: { amountCents: 345_450, date: '2026-11-30' },
    });
    expect(file.statements[0]!.entries.map((e) => [e.status, e.bookingDate, e.valueDate, e.amountCents])).toEqual([
      ['pending', '2026-11-28', null, -2_386],
      ['booked', '2026-11-28', '2026-11-28', -4_550],
      ['booked', '2026-11-27', '2026-11-26', 250_000],
    ]);
  });

  it('reads a comdirect export of several accounts: one statement per section with column titles it knows, named by its title', () => {
    // Made up in the layout comdirect writes (Windows-1252): a Girokonto, a Visa card, a day-money account without rows,
    // a securities account.
    const file = parseStatementFile(sample('comdirect-accounts.csv'));
    expect(file.bank).toBe('comdirect');
    expect(file.statements.map((s) => [s.accountText, s.opening?.amountCents, s.closing?.amountCents, s.entries.map((e) => e.amountCents)])).toEqual([
      ['Umsätze Girokonto', 100_000, 95_450, [-4_550]],
      ['Umsätze Visa-Karte (Kreditkarte)', 0, -18_900, [-18_900]],
    ]);
    // The sections of the day-money account (no rows) and of the securities account (titles of no statement) are named.
    expect(file.skippedLines).toEqual([18, 20, 22, 24, 25]);
  });

  it('names a line of only a date as skipped when the line after it has a date of its own', () => {
    const file = readText(
      crlf(
        '"Buchungstag";"Umsatztag";"Vorgang";"Referenz";"Buchungstext";"Umsatz in EUR";',
        '"30.11.2026";',
        '"29.11.2026";"27.11.2026";"Visa-Umsatz";"1234567890";"Hotel am Markt";"-189,00";',
        '"28.11.2026";',
      ),
    );
    expect(file.statements[0]!.entries.map((e) => e.bookingDate)).toEqual(['2026-11-29']);
    expect(file.skippedLines).toEqual([2, 4]);
  });

  it('reads a comdirect Visa card export (Umsatztag, Referenz), its balance dated by the bookings when the period names no days', () => {
    const file = readText(
      crlf(
        '"Umsätze Visa-Karte (Kreditkarte)";"Zeitraum: 30 Tage";',
        '"Neuer Kontostand";"-192,50 EUR";',
        '',
        '"Buchungstag";"Umsatztag";"Vorgang";"Referenz";"Buchungstext";"Umsatz in EUR";',
        '"29.11.2026";"27.11.2026";"Visa-Umsatz";"1234567890";"Hotel am Markt";"-189,00";',
        // A new booking written over two lines: its booking date alone, then "neu" where the date goes.
        '"30.11.2026";',
        '"neu";"28.11.2026";"Visa-Umsatz";"1234567891";"Café am Eck";"-3,50";',
      ),
    );
    expect(file.bank).toBe('comdirect');
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.valueDate, e.amountCents, e.reference])).toEqual([
      ['2026-11-29', '2026-11-27', -18_900, '1234567890'],
      ['2026-11-30', '2026-11-28', -350, '1234567891'],
    ]);
    expect(file.skippedLines).toEqual([]);
    expect(file.statements[0]).toMatchObject({ opening: null, closing: { amountCents: -19_250, date: '2026-11-30' } });
  });

  it('reads an ING export with the Kategorie column and the Wertstellungsdatum title, the IBAN in groups above the table', () => {
    const file = readText(
      crlf(
        'Umsatzanzeige;Datei erstellt am: 30.11.2026 10:15',
        '',
        'IBAN;DE02 1203 0000 0000 2020 51',
        'Kontoname;Girokonto',
        'Bank;ING',
        'Kunde;Max Muster',
        'Zeitraum;01.11.2026 - 30.11.2026',
        'Saldo;1.234,56;EUR',
        '',
        'Sortierung;Datum absteigend',
        '',
        'Buchung;Wertstellungsdatum;Auftraggeber/Empfänger;Buchungstext;Kategorie;Verwendungszweck;Saldo;Währung;Betrag;Währung',
        '30.11.2026;30.11.2026;Stadtwerke;Lastschrift;Wohnen;Abschlag Dezember;1.234,56;EUR;-45,50;EUR',
        '29.11.2026;29.11.2026;Arbeitgeber GmbH;Gehalt/Rente;Einkommen;Gehalt November;1.280,06;EUR;2.500,00;EUR',
      ),
    );
    expect(file.bank).toBe('ING');
    expect(file.statements[0]).toMatchObject({
      iban: 'DE02120300000000202051',
      opening: { amountCents: -121_994, date: '2026-11-29' },
      closing: { amountCents: 123_456, date: '2026-11-30' },
    });
  });

  it('reads a Sparkasse CSV-MT940 export (Kontonummer and BLZ instead of IBAN and BIC)', () => {
    const file = readText(
      crlf(
        '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Beguenstigter/Zahlungspflichtiger";"Kontonummer";"BLZ";"Betrag";"Waehrung";"Info"',
        '"0000202051";"30.11.26";"30.11.26";"LASTSCHRIFT";"Abschlag Dezember";"Stadtwerke";"0532013000";"37040044";"-45,50";"EUR";"Umsatz gebucht"',
      ),
    );
    expect(file.bank).toBe('Sparkasse');
    expect(file.statements[0]!.entries.map((e) => [e.amountCents, e.counterpartyName, e.status])).toEqual([[-4_550, 'Stadtwerke', 'booked']]);
  });

  it('reads a Volksbank Raiffeisenbank export with Kategorie and Steuerrelevant columns and a BOM', () => {
    const file = withBom(
      crlf(
        'Bezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Kategorie;Steuerrelevant;Glaeubiger ID;Mandatsreferenz',
        'Girokonto;DE02120300000000202051;GENODEF1XXX;VR Bank;30.11.2026;30.11.2026;Stadtwerke;DE89370400440532013000;COBADEFFXXX;Basislastschrift;Abschlag Dezember;-45,50;EUR;954,50;;Wohnen;;DE98ZZZ09999999999;M-1',
      ),
    );
    expect(file.bank).toBe('Volksbank Raiffeisenbank');
    expect(file.statements[0]).toMatchObject({ iban: 'DE02120300000000202051', closing: { amountCents: 95_450 }, opening: { amountCents: 100_000 } });
  });

  it('reads an N26 export (comma-separated, quoted fields holding commas, decimal points)', () => {
    const file = readText(
      [
        '"Booking Date","Value Date","Partner Name","Partner Iban",Type,"Payment Reference","Account Name","Amount (EUR)","Original Amount","Original Currency","Exchange Rate"',
        '2026-11-30,2026-11-30,"Muster, Max",DE89370400440532013000,Debit Transfer,"Miete, Dezember",Main Account,-850.00,,,',
        '2026-11-29,2026-11-29,Arbeitgeber GmbH,,Credit Transfer,Gehalt,Main Account,2500.00,,,',
      ].join('\n'),
    );
    expect(file.bank).toBe('N26');
    expect(file.statements[0]!.entries.map((e) => [e.amountCents, e.counterpartyName, e.remittance])).toEqual([
      [-85_000, 'Muster, Max', 'Miete, Dezember'],
      [250_000, 'Arbeitgeber GmbH', 'Gehalt'],
    ]);
  });

  it('reads a George export (Erste Bank und Sparkassen) with English titles', () => {
    const file = readText(
      crlf(
        'Booking Date;Partner Name;Partner IBAN;BIC/SWIFT;Partner Account Number;Bank code;Amount;Currency;Booking details;Booking Reference;Note;Value date',
        '30.11.2026;Wiener Stadtwerke;AT611904300234573201;BKAUATWWXXX;;;-45,50;EUR;Abschlag Dezember;2026113012345;;30.11.2026',
      ),
    );
    expect(file.bank).toBe('Erste Bank und Sparkassen (George)');
    expect(file.statements[0]!.entries[0]).toMatchObject({ amountCents: -4_550, counterpartyName: 'Wiener Stadtwerke', bankReference: '2026113012345' });
  });

  it('reads a Bank Austria export with all its columns, German titles, Windows-1252 umlauts and the counterparty by direction', () => {
    const file = parseStatementFile(
      Buffer.from(
        crlf(
          'Buchungsdatum;Valutadatum;Buchungstext;Interne Notiz;Währung;Betrag;Belegdaten;Belegnummer;Auftraggebername;Auftraggeberkonto;Auftraggeber BLZ;Empfängername;Empfängerkonto;Empfänger BLZ;Zahlungsgrund;Zahlungsreferenz',
          '30.11.2026;30.11.2026;Lastschrift;;EUR;-45,50;;000123;Muster OG;AT611200000012345678;12000;Wien Energie;AT021100000622222222;11000;Abschlag Dezember;RF18539007547034',
          '29.11.2026;01.12.2026;Gutschrift;Notiz;EUR;1.250,00;;000124;Kunde GmbH;AT483200000012345864;32000;Muster OG;AT611200000012345678;12000;Rechnung 2026-17;',
        ),
        'latin1',
      ),
    );
    expect(file.bank).toBe('UniCredit Bank Austria');
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.valueDate, e.amountCents, e.counterpartyName, e.reference])).toEqual([
      ['2026-11-30', '2026-11-30', -4_550, 'Wien Energie', 'RF18539007547034'],
      ['2026-11-29', '2026-12-01', 125_000, 'Kunde GmbH', null],
    ]);
  });

  it('reads a Bank Austria export with the English titles of its online banking in English', () => {
    const file = readText(
      crlf(
        'Operation date;Value date;Booking text;Internal note;Currency;Amount;Record data;Record number;Payer name;Payer account;Payer bank code;Payee name;Payee account;Payee bank code;Purpose text;Reference',
        '30.11.2026;30.11.2026;Direct debit;;EUR;-45,50;;000123;Muster OG;AT611200000012345678;12000;Wien Energie;AT021100000622222222;11000;Instalment December;RF18539007547034',
        '29.11.2026;01.12.2026;Credit;;EUR;1.250,00;;000124;Kunde GmbH;AT483200000012345864;32000;Muster OG;AT611200000012345678;12000;Invoice 2026-17;',
      ),
    );
    expect(file.bank).toBe('UniCredit Bank Austria');
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.valueDate, e.amountCents, e.counterpartyName, e.remittance, e.reference])).toEqual([
      ['2026-11-30', '2026-11-30', -4_550, 'Wien Energie', 'Instalment December Direct debit', 'RF18539007547034'],
      ['2026-11-29', '2026-12-01', 125_000, 'Kunde GmbH', 'Invoice 2026-17 Credit', null],
    ]);
  });

  it('reads a BAWAG P.S.K. export as its eBanking writes it: no titles, Windows-1252, newest booking first, the own IBAN in every row', () => {
    const file = parseStatementFile(
      Buffer.from(
        crlf(
          'AT781400012345678901;Bezahlung Karte                              MC/000001234 BILLA DANKT  1020 Wien;30.11.2026;30.11.2026;-12,34;EUR',
          'AT781400012345678901;Gehalt November Arbeitgeber GmbH;27.11.2026;28.11.2026;+2.100,00;EUR',
          '',
        ),
        'latin1',
      ),
    );
    expect(file.bank).toBe('BAWAG P.S.K.');
    expect(file.statements).toHaveLength(1);
    expect(file.statements[0]!.iban).toBe('AT781400012345678901');
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.valueDate, e.amountCents])).toEqual([
      ['2026-11-30', '2026-11-30', -1_234],
      ['2026-11-27', '2026-11-28', 210_000],
    ]);
  });

  it('reads a Deutsche Bank export of the platform shared with Postbank: account lines above, the signed Betrag beside Soll and Haben, the balance below', () => {
    const file = readText(
      crlf(
        'Umsätze Girokonto',
        'Konto;Filial-/Kontonummer;IBAN;Währung',
        'Girokonto;100 1234567 00;DE89370400440532013000;EUR',
        '',
        '01.11.2026 - 30.11.2026',
        'Letzter Kontostand;;;;1.000,00;EUR',
        'Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Verwendungszweck;IBAN / Kontonummer;BIC;Kundenreferenz;Mandatsreferenz ;Gläubiger ID;Fremde Gebühren;Betrag;Abweichender Empfänger;Anzahl der Aufträge;Anzahl der Schecks;Soll;Haben;Währung',
        '2.11.2026;2.11.2026;SEPA-Lastschrift;Stadtwerke;Abschlag;DE02120300000000202051;BYLADEM1001;E2E-77;M-1;DE98ZZZ09999999999;;-45,50;;;;-45,50;;EUR',
        '1.11.2026;1.11.2026;SEPA-Gutschrift;Arbeitgeber GmbH;Gehalt;DE02120300000000202051;BYLADEM1001;;;;;2.500,00;;;;;2.500,00;EUR',
        'Kontostand;30.11.2026;;;3.454,50;EUR',
      ),
    );
    expect(file.bank).toBe('Deutsche Bank');
    expect(file.statements[0]).toMatchObject({
      iban: 'DE89370400440532013000',
      opening: { amountCents: 100_000, date: '2026-11-01' },
      closing: { amountCents: 345_450, date: '2026-11-30' },
    });
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.amountCents, e.counterpartyName, e.endToEndId, e.mandateId])).toEqual([
      ['2026-11-02', -4_550, 'Stadtwerke', 'E2E-77', 'M-1'],
      ['2026-11-01', 250_000, 'Arbeitgeber GmbH', null, null],
    ]);
  });

  it('reads a Commerzbank export with the IBAN Kontoinhaber and Kategorie columns', () => {
    const file = readText(
      crlf(
        'Buchungstag;Wertstellung;Umsatzart;Buchungstext;Betrag;Währung;IBAN Kontoinhaber;Kategorie',
        '30.11.2026;30.11.2026;Lastschrift;Stadtwerke Abschlag Dezember;-45,50;EUR;DE02120300000000202051;Wohnen',
      ),
    );
    expect(file.bank).toBe('Commerzbank');
    expect(file.statements[0]).toMatchObject({ iban: 'DE02120300000000202051', entries: [{ amountCents: -4_550 }] });
  });

  it('reads a Swedbank (Baltic) export in English: balances and entries by the kind of each row, D and K for the direction, turnover left out', () => {
    const file = readText(
      crlf(
        '"Client account";"Row type";"Date";"Beneficiary/Payer";"Details";"Amount";"Currency";"Debit/Credit";"Transfer reference";"Transaction type";"Reference number";"Document number";',
        '"EE382200221020145685";"10";"01.11.2026";"";"Opening balance";"1 000,00";"EUR";"K";"";"AS";"";"";',
        '"EE382200221020145685";"20";"03.11.2026";"Stadtwerke";"Abschlag Dezember";"45,50";"EUR";"D";"2026110300001";"MK";"";"7";',
        '"EE382200221020145685";"20";"27.11.2026";"Arbeitgeber OÜ";"Palk november";"2 500,00";"EUR";"K";"2026112700002";"MK";"";"";',
        '"EE382200221020145685";"82";"30.11.2026";"";"Turnover";"45,50";"EUR";"D";"";"LS";"";"";',
        '"EE382200221020145685";"82";"30.11.2026";"";"Turnover";"2 500,00";"EUR";"K";"";"LS";"";"";',
        '"EE382200221020145685";"86";"30.11.2026";"";"Closing balance";"3 454,50";"EUR";"K";"";"LS";"";"";',
        '"EE382200221020145685";"900";"30.11.2026";"";"Accrued interest";"0,12";"EUR";"K";"";"";"";"";',
      ),
    );
    expect(file.bank).toBe('Swedbank');
    expect(file.skippedLines).toEqual([]);
    const [s] = file.statements;
    expect(s).toMatchObject({
      iban: 'EE382200221020145685',
      opening: { amountCents: 100_000, date: '2026-11-01' },
      closing: { amountCents: 345_450, date: '2026-11-30' },
    });
    expect(s!.entries.map((e) => [e.bookingDate, e.amountCents, e.counterpartyName, e.remittance])).toEqual([
      ['2026-11-03', -4_550, 'Stadtwerke', 'Abschlag Dezember'],
      ['2026-11-27', 250_000, 'Arbeitgeber OÜ', 'Palk november'],
    ]);
  });

  it('reads a Swedbank export in Estonian and in Latvian by their own titles', () => {
    const rows = (iban: string) => [
      `"${iban}";"10";"01.11.2026";"";"Algsaldo";"200,00";"EUR";"K";"";"AS";"";"";`,
      `"${iban}";"20";"05.11.2026";"Elektrum";"Arve 11/2026";"61,20";"EUR";"D";"2026110500001";"MK";"1234561";"";`,
      `"${iban}";"82";"30.11.2026";"";"Käive";"61,20";"EUR";"D";"";"LS";"";"";`,
      `"${iban}";"86";"30.11.2026";"";"Lõppsaldo";"138,80";"EUR";"K";"";"LS";"";"";`,
    ];
    const estonian = readText(
      crlf(
        '"Kliendi konto";"Reatüüp";"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Valuuta";"Deebet/Kreedit";"Arhiveerimistunnus";"Tehingu tüüp";"Viitenumber";"Dokumendi number";',
        ...rows('EE382200221020145685'),
      ),
    );
    const latvian = readText(
      crlf(
        '"Klienta konts";"Ieraksta tips";"Datums";"Saņēmējs/Maksātājs";"Informācija saņēmējam";"Summa";"Valūta";"Debets/Kredīts";"Arhīva kods";"Maksājuma veids";"Refernces numurs";"Dokumenta numurs";',
        ...rows('LV80BANK0000435195001'),
      ),
    );
    for (const [file, iban] of [
      [estonian, 'EE382200221020145685'],
      [latvian, 'LV80BANK0000435195001'],
    ] as const) {
      expect(file.bank).toBe('Swedbank');
      expect(file.statements[0]).toMatchObject({
        iban,
        opening: { amountCents: 20_000, date: '2026-11-01' },
        closing: { amountCents: 13_880, date: '2026-11-30' },
        entries: [{ bookingDate: '2026-11-05', amountCents: -6_120, counterpartyName: 'Elektrum', remittance: 'Arve 11/2026', reference: '1234561' }],
      });
    }
  });

  it('reads a Swedbank export in Lithuanian: comma-separated, ISO dates, decimal points, the kind under an empty title; an unknown kind is skipped and named', () => {
    const file = readText(
      [
        '"Sąskaitos Nr.","","Data","Gavėjas","Paaiškinimai","Suma","Valiuta","D/K","Įrašo Nr.","Kodas","Įmokos kodas","Dok. Nr.",',
        '"LT601010012345678901","10","2026-11-01","","Likutis pradžiai","-12.00","EUR","D","","AS","","",',
        '"LT601010012345678901","20","2026-11-04","UAB Darbdavys","Atlyginimas","1500.00","EUR","K","2026110400001","MK","","",',
        '"LT601010012345678901","20","2026-11-05","NETFLIX.COM","Netflix","13.99","EUR","D","2026110500002","MK","","",',
        '"LT601010012345678901","77","2026-11-05","","Kita","1.00","EUR","D","","","","",',
        '"LT601010012345678901","86","2026-11-30","","Likutis pabaigai","1474.01","EUR","K","","LS","","",',
      ].join('\n'),
    );
    expect(file.bank).toBe('Swedbank');
    expect(file.skippedLines).toEqual([5]);
    // −12.00 + 1,500.00 − 13.99 = 1,474.01: an overdrawn opening balance is a debit.
    expect(file.statements[0]).toMatchObject({
      opening: { amountCents: -1_200, date: '2026-11-01' },
      closing: { amountCents: 147_401, date: '2026-11-30' },
      entries: [{ amountCents: 150_000 }, { amountCents: -1_399 }],
    });
  });
});
