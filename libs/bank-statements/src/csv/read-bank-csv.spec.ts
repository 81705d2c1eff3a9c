import { parseStatementFile } from '../read-statement-file';
import { readText } from '../../test/samples';

/** Exports written as each bank's online banking writes them (column titles from the banks' published layouts, data made up). */
const crlf = (...lines: string[]) => lines.join('\r\n');

describe('bank CSV exports recognised by their column titles, read without a mapping', () => {
  it('reads a Sparkasse CSV-CAMT export: own account per row, two-digit years, pending entries ("Umsatz vorgemerkt")', () => {
    const file = readText(
      crlf(
        '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Glaeubiger ID";"Mandatsreferenz";"Kundenreferenz (End-to-End)";"Sammlerreferenz";"Lastschrift Ursprungsbetrag";"Auslagenersatz Ruecklastschrift";"Beguenstigter/Zahlungspflichtiger";"Kontonummer/IBAN";"BIC (SWIFT-Code)";"Betrag";"Waehrung";"Info"',
        '"DE89370400440532013000";"05.09.26";"05.09.26";"FOLGELASTSCHRIFT";"Online-Shop";"";"M-1";"E2E-7";"";"";"";"Shop GmbH";"AT611904300234573201";"BKAUATWWXXX";"-12,50";"EUR";"Umsatz vorgemerkt"',
        '"DE89370400440532013000";"01.09.26";"01.09.26";"GUTSCHRIFT";"EREF+123 SVWZ+Lohn September";"";"";"";"";"";"";"Firma AG";"";"";"3.100,00";"EUR";"Umsatz gebucht"',
      ),
    );
    expect(file).toMatchObject({ format: 'csv', bank: 'Sparkasse' });
    const [s] = file.statements;
    expect(s).toMatchObject({ iban: 'DE89370400440532013000', bankName: 'Sparkasse', currency: 'EUR' });
    expect(s!.entries.map((e) => [e.status, e.bookingDate, e.amountCents, e.counterpartyName, e.remittance, e.endToEndId])).toEqual([
      ['pending', '2026-09-05', -1_250, 'Shop GmbH', 'Online-Shop', 'E2E-7'],
      ['booked', '2026-09-01', 310_000, 'Firma AG', 'Lohn September', '123'],
    ]);
    expect(s!.entries[0]).toMatchObject({
      counterpartyIban: 'AT611904300234573201',
      counterpartyBic: 'BKAUATWWXXX',
      mandateId: 'M-1',
      bankCode: 'FOLGELASTSCHRIFT',
    });
  });

  it('reads a Volksbank Raiffeisenbank export and takes opening and closing balance from "Saldo nach Buchung"', () => {
    const file = readText(
      crlf(
        '\uFEFFBezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Gekennzeichneter Umsatz;Glaeubiger ID;Mandatsreferenz',
        'Giro;DE89370400440532013000;GENODEF1;VR Bank;04.09.2026;04.09.2026;Versicherung AG;AT611904300234573201;;Basislastschrift;Beitrag Haftpflicht;-45,11;EUR;1.154,89;;;DE9;M1',
        'Giro;DE89370400440532013000;GENODEF1;VR Bank;03.09.2026;03.09.2026;Kunde;;;Gutschrift;Rechnung 7;200,00;EUR;1.200,00;;;;',
      ),
    );
    expect(file.bank).toBe('Volksbank Raiffeisenbank');
    expect(file.statements[0]).toMatchObject({
      iban: 'DE89370400440532013000',
      opening: { amountCents: 100_000, date: '2026-09-03' },
      closing: { amountCents: 115_489, date: '2026-09-04' },
    });
    expect(file.statements[0]!.entries[0]).toMatchObject({ amountCents: -4_511, counterpartyName: 'Versicherung AG', mandateId: 'M1' });
  });

  it('reads an earlier Volksbank export: unsigned amounts with S/H, opening and closing balance rows', () => {
    const file = readText(
      crlf(
        '"Umsatzanzeige";"BLZ:";"12345678";"Konto:";"1234567"',
        '',
        '"Buchungstag";"Valuta";"Auftraggeber/Zahlungsempfänger";"Empfänger/Zahlungspflichtiger";"Konto-Nr.";"IBAN";"BLZ";"BIC";"Vorgang/Verwendungszweck";"Kundenreferenz";"Währung";"Umsatz";" "',
        '"02.01.2019";"02.01.2019";"Ich";"Stadtwerke";"";"";"";"";"Abschlag Strom";"";"EUR";"60,00";"S"',
        '"03.01.2019";"03.01.2019";"Arbeitgeber GmbH";"Ich";"";"";"";"";"Gehalt";"";"EUR";"2.000,00";"H"',
        '"01.01.2019";"";"";"";"";"";"";"";"Anfangssaldo";"";"EUR";"100,00";"H"',
        '"03.01.2019";"";"";"";"";"";"";"";"Endsaldo";"";"EUR";"2.040,00";"H"',
      ),
    );
    expect(file.bank).toBe('Volksbank Raiffeisenbank');
    const [s] = file.statements;
    expect(s!.entries.map((e) => [e.amountCents, e.counterpartyName])).toEqual([
      [-6_000, 'Stadtwerke'],
      [200_000, 'Arbeitgeber GmbH'],
    ]);
    expect(s).toMatchObject({ opening: { amountCents: 10_000 }, closing: { amountCents: 204_000 } });
  });

  it('reads the balance rows of an earlier Volksbank export that writes their label in the currency column', () => {
    const file = readText(
      crlf(
        '"Buchungstag";"Valuta";"Auftraggeber/Zahlungsempfänger";"Empfänger/Zahlungspflichtiger";"Konto-Nr.";"BLZ";"Vorgang/Verwendungszweck";"Währung";"Umsatz";" "',
        '"08.08.2012";"08.08.2012";;"PREIS KARTE";"1234500000";"12340000";"Kartengebühr\nFOLGE-NR. 0";"EUR";"7,50";"S"',
        '"03.08.2012";"03.08.2012";"Kunde";"Firma";"1234567";"12345678";"Vergütung\nRECHNUNG 7002";"EUR";"107,50";"H"',
        '',
        '"01.08.2012";;;;;;"EUR";"Anfangssaldo";"10,00";"H"',
        '"08.08.2012";;;;;;"EUR";"Endsaldo";"110,00";"H"',
      ),
    );
    const [s] = file.statements;
    expect(s!.entries.map((e) => e.amountCents)).toEqual([-750, 10_750]);
    expect(s).toMatchObject({ opening: { amountCents: 1_000, date: '2012-08-01' }, closing: { amountCents: 11_000, date: '2012-08-08' } });
  });

  it('reads a Deutsche Bank export: own IBAN above the table, dates without leading zeros, the closing balance below it', () => {
    const file = readText(
      [
        '\uFEFFUmsätze',
        'Konto;Filial-/Kontonummer;IBAN;Währung',
        'AktivKonto;123 1234567 00;DE89370400440532013000;EUR',
        '',
        '1.6.2026 - 30.6.2026',
        'Letzter Kontostand;;;;2.500,00;EUR',
        'Vorgemerkte und noch nicht gebuchte Umsätze sind nicht Bestandteil dieser Übersicht.',
        'Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Verwendungszweck;IBAN / Kontonummer;BIC;Kundenreferenz;Mandatsreferenz;Gläubiger ID;Fremde Gebühren;Betrag;Abweichender Empfänger;Anzahl der Aufträge;Anzahl der Schecks;Soll;Haben;Währung',
        '30.6.2026;30.6.2026;SEPA Lastschrift;Bank AG;Rate;AT611904300234573201;;12345678901234;CMLP1;DE12CML1;;-1.000,00;;;;-1.000,00;;EUR',
        '29.6.2026;29.6.2026;SEPA Überweisung (Dauerauftrag);Max Mustermann;Miete;;;NOTPROVIDED;;;;750;;;;;750;EUR',
        'Kontostand;30.6.2026;;;2.250,00;EUR',
        '',
      ].join('\n'),
    );
    expect(file.bank).toBe('Deutsche Bank');
    // "Letzter Kontostand" above the table is the balance before the period: 2,500.00 − 1,000.00 + 750.00 = 2,250.00.
    expect(file.statements[0]).toMatchObject({
      iban: 'DE89370400440532013000',
      opening: { amountCents: 250_000, date: '2026-06-01' },
      closing: { amountCents: 225_000, date: '2026-06-30' },
    });
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.amountCents, e.counterpartyName, e.endToEndId])).toEqual([
      ['2026-06-30', -100_000, 'Bank AG', '12345678901234'],
      ['2026-06-29', 75_000, 'Max Mustermann', null],
    ]);
  });

  it('reads an earlier Deutsche Bank export with the amount only in Soll or Haben', () => {
    const file = readText(
      crlf(
        'Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Verwendungszweck;IBAN;BIC;Kundenreferenz;Mandatsreferenz ;Gläubiger ID;Fremde Gebühren;Betrag;Abweichender Empfänger;Anzahl der Aufträge;Anzahl der Schecks;Soll;Haben;Währung',
        '02.01.2020;02.01.2020;Lastschrift;Telekom;Rechnung;;;;;;;;;;;-39,95;;EUR',
        '03.01.2020;03.01.2020;Gutschrift;Kunde;Zahlung;;;;;;;;;;;;120,00;EUR',
      ),
    );
    expect(file.statements[0]!.entries.map((e) => e.amountCents)).toEqual([-3_995, 12_000]);
  });

  it('reads a Commerzbank export with the own IBAN per row', () => {
    const file = readText(
      crlf(
        'Buchungstag;Wertstellung;Umsatzart;Buchungstext;Betrag;Währung;Auftraggeberkonto;Bankleitzahl Auftraggeberkonto;IBAN Auftraggeberkonto;Kategorie',
        '22.04.2016;22.04.2016;Lastschrift;DANKE Stadtwerke Abschlag;-5,51;EUR;938471023;30041254;DE89370400440532013000;Wohnen',
      ),
    );
    expect(file.bank).toBe('Commerzbank');
    expect(file.statements[0]).toMatchObject({
      iban: 'DE89370400440532013000',
      entries: [{ amountCents: -551, remittance: 'DANKE Stadtwerke Abschlag', bankCode: 'Lastschrift' }],
    });
  });

  it('reads an ING export: the IBAN above the table, the currency of the amount, and balances from the Saldo column, newest first', () => {
    const file = readText(
      crlf(
        'Umsatzanzeige;Datei erstellt am: 26.09.2026 10:00',
        '',
        'IBAN;DE89 3704 0044 0532 0130 00',
        'Kontoname;Girokonto',
        'Zeitraum;01.09.2026 - 26.09.2026',
        'Saldo;1.145,00;EUR',
        '',
        'Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Notiz;Verwendungszweck;Saldo;Währung;Betrag;Währung',
        '10.09.2026;10.09.2026;Tankstelle;Lastschrift;;Tanken;1.145,00;EUR;-55,00;EUR',
        '09.09.2026;09.09.2026;Arbeitgeber;Gehalt;;Lohn;1.200,00;EUR;200,00;EUR',
      ),
    );
    expect(file.bank).toBe('ING');
    expect(file.statements[0]).toMatchObject({
      iban: 'DE89370400440532013000',
      opening: { amountCents: 100_000, date: '2026-09-09' },
      closing: { amountCents: 114_500, date: '2026-09-10' },
    });
  });

  it('reads a DKB export: the counterparty by direction and pending entries ("Vorgemerkt")', () => {
    const file = readText(
      [
        '"Girokonto";"DE89370400440532013000"',
        '""',
        '"Kontostand vom 26.09.2026:";"4.093,32 €"',
        '""',
        '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"',
        '"08.09.26";"08.09.26";"Gebucht";"Max Muster";"Ich";"Nebenkosten";"Eingang";"DE89370400440532013000";"200";"";"";""',
        '"06.09.26";"06.09.26";"Vorgemerkt";"Ich";"Café";"Kaffee";"Ausgang";"";"-3,5";"";"";""',
        '"07.09.26";"07.09.26";"Nicht gebucht";"Ich";"Shop";"Karte";"Ausgang";"";"-0,99";"";"";""',
      ].join('\n'),
    );
    expect(file.bank).toBe('DKB');
    expect(file.statements[0]!.iban).toBe('DE89370400440532013000');
    expect(file.statements[0]!.entries.map((e) => [e.status, e.amountCents, e.counterpartyName])).toEqual([
      ['booked', 20_000, 'Max Muster'],
      ['pending', -350, 'Café'],
      ['pending', -99, 'Shop'],
    ]);
  });

  it('reads N26 exports in their English and earlier German titles, with decimal points', () => {
    const current = readText(
      '"Booking Date","Value Date","Partner Name","Partner Iban",Type,"Payment Reference","Account Name","Amount (EUR)","Original Amount","Original Currency","Exchange Rate"\n2025-01-05,2025-01-05,"Supermarkt",,Presentment,"",Main,-64.2,,,\n',
    );
    expect(current).toMatchObject({
      bank: 'N26',
      statements: [{ entries: [{ bookingDate: '2025-01-05', amountCents: -6_420, counterpartyName: 'Supermarkt' }] }],
    });
    const earlier = readText(
      '"Datum","Empfänger","Kontonummer","Transaktionstyp","Verwendungszweck","Kategorie","Betrag (EUR)","Betrag (Fremdwährung)","Fremdwährung","Wechselkurs"\n"2017-10-02","Arbeitgeber","DE89370400440532013000","Gutschrift","Lohn","Einkommen","1500.0","","",""\n',
    );
    expect(earlier.statements[0]!.entries[0]).toMatchObject({ amountCents: 150_000, counterpartyIban: 'DE89370400440532013000', remittance: 'Lohn' });
  });

  it('reads a George export (Erste Bank und Sparkassen) in UTF-16 with the own IBAN and the bank reference', () => {
    const text =
      '"Buchungsdatum";"Eigene IBAN";"Partnername";"Partner IBAN";"BIC/SWIFT";"Partner Kontonummer";"Bankleitzahl";"Betrag";"Währung";"Buchungs-Details";"Buchungsreferenz";"Zahlungsreferenz";"Valutadatum"\r\n"03.12.2018";"AT611904300234573201";"DAHOAM";"";"";"77319989";"20320";"-90,55";"EUR";"POS 90,55 AT K3 30.11. 19:06";"203201812012ALB-00C3Q0NDVL9C";"";"30.11.2018"\r\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const file = parseStatementFile(bytes);
    expect(file.bank).toBe('Erste Bank und Sparkassen (George)');
    expect(file.statements[0]).toMatchObject({
      iban: 'AT611904300234573201',
      entries: [
        {
          bookingDate: '2018-12-03',
          valueDate: '2018-11-30',
          amountCents: -9_055,
          bankReference: '203201812012ALB-00C3Q0NDVL9C',
          key: 'r:203201812012ALB-00C3Q0NDVL9C|2018-12-03|-9055',
        },
      ],
    });
  });

  it('reads a Bank Austria export with the counterparty by direction', () => {
    const file = readText(
      crlf(
        'Buchungsdatum;Valutadatum;Buchungstext;Interne Notiz;Währung;Betrag;Belegdaten;Belegnummer;Auftraggebername;Auftraggeberkonto;Auftraggeber BLZ;Empfängername;Empfängerkonto;Empfänger BLZ;Zahlungsgrund',
        '02.01.2017;02.01.2017;Überweisung;;EUR;-1.200,00;;;Ich;;;Hausverwaltung;;;Miete Jänner',
        '03.01.2017;03.01.2017;Gutschrift;;EUR;300,00;;;Kunde GmbH;;;Ich;;;AR-17',
      ),
    );
    expect(file.bank).toBe('UniCredit Bank Austria');
    expect(file.statements[0]!.entries.map((e) => [e.amountCents, e.counterpartyName, e.remittance])).toEqual([
      [-120_000, 'Hausverwaltung', 'Miete Jänner Überweisung'],
      [30_000, 'Kunde GmbH', 'AR-17 Gutschrift'],
    ]);
  });
});

describe('bank CSV exports without column titles, recognised by their rows', () => {
  it('reads a Raiffeisen (Mein ELBA) export and skips a line between the rows that is no row, naming it', () => {
    const file = readText(
      ['18.09.2017;"HOFER DANKT 0527";18.09.2017;-33,87;EUR;;', 'A note in the file;;', '19.09.2017;"Gehalt September";19.09.2017;2.100,00;EUR;;'].join('\n'),
    );
    expect(file).toMatchObject({ bank: 'Raiffeisen', skippedLines: [2] });
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.amountCents, e.remittance])).toEqual([
      ['2017-09-18', -3_387, 'HOFER DANKT 0527'],
      ['2017-09-19', 210_000, 'Gehalt September'],
    ]);
  });

  it('reads a Raiffeisen (Mein ELBA) export whose amounts have fewer than two decimals', () => {
    const file = readText(
      ['02.01.2023;Kartenzahlung;02.01.2023;-56,9;EUR;02.01.2023 01:17:30:116', '12.01.2023;Gutschrift;12.01.2023;500;EUR;12.01.2023 00:59:28:092'].join('\n'),
    );
    expect(file).toMatchObject({ bank: 'Raiffeisen', statements: [{ entries: [{ amountCents: -5_690 }, { amountCents: 50_000 }] }] });
  });

  it('reads a BAWAG P.S.K. export with the own account in the first column', () => {
    const file = readText(
      'AT611904300234573201;Bezahlung Karte MC/000001234 BILLA;02.01.2019;02.01.2019;-12,34;EUR\r\nAT611904300234573201;Gehalt;03.01.2019;03.01.2019;1.500,00;EUR\r\n',
    );
    expect(file).toMatchObject({
      bank: 'BAWAG P.S.K.',
      statements: [{ iban: 'AT611904300234573201', entries: [{ amountCents: -1_234 }, { amountCents: 150_000 }] }],
    });
  });

  it('refuses a row of the export whose amount is broken, naming the line', () => {
    expect(() => readText('18.09.2017;"HOFER";18.09.2017;-33,87;EUR\n19.09.2017;"X";19.09.2017;12,3x;EUR\n')).toThrow(
      'Line 2: not a row of the Raiffeisen export (5 fields: dates, amount, currency).',
    );
  });
});
