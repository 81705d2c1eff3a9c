import type { CsvDateFormat } from './csv-values';

/** Column titles a field may have in a bank's export (the first present is taken). */
type Titles = readonly string[];

/**
 * How a bank's CSV export is read, from the bank's published export layout: the column titles that identify
 * it (each group: one of the titles must be present), where each field is, and the bank's number and date
 * formats. Titles are compared without case and surrounding spaces.
 */
export interface HeaderProfile {
  bank: string;
  /** Every group must be matched by a column title. */
  identify: readonly Titles[];
  /** The decimal mark; `either` when the bank writes the one of the user's country (decided by the amounts). */
  decimal: ',' | '.' | 'either';
  dates: readonly CsvDateFormat[];
  columns: {
    bookingDate: Titles;
    valueDate?: Titles;
    /** A signed amount; else debit and credit columns. */
    amount?: Titles;
    debit?: Titles;
    credit?: Titles;
    /** A column holding S (Soll, debit) or H (Haben, credit) for an unsigned amount: the column after the amount. */
    debitCreditMarkAfterAmount?: boolean;
    currency?: Titles;
    counterpartyName?: Titles;
    counterpartyIban?: Titles;
    counterpartyBic?: Titles;
    /** Joined with spaces. */
    remittance?: Titles;
    postingText?: Titles;
    reference?: Titles;
    endToEndId?: Titles;
    mandateId?: Titles;
    bankReference?: Titles;
    ownAccount?: Titles;
    /** The balance after each booking: gives the opening and closing balances. */
    balanceAfter?: Titles;
    status?: Titles;
  };
  /** Values of the status column (lower case) that mark an entry not yet booked, besides the words every export uses (rowState). */
  pending?: readonly string[];
  /** The counterparty's name by direction: who paid a credit, who was paid for a debit. */
  counterpartyByDirection?: { payer: Titles; payee: Titles };
  /** A column holding the direction of an unsigned amount, besides the S/H column right after it. */
  debitCreditMark?: { column: Titles; debit: readonly string[]; credit: readonly string[] };
  /**
   * A column naming each row's kind: the opening and closing balances, entries, and summaries (turnover, interest
   * accrued) that sum up entries; a row of another kind is skipped and named.
   */
  recordTypes?: { column: Titles; opening: readonly string[]; closing: readonly string[]; entries: readonly string[]; summaries: readonly string[] };
  /** Rows whose purpose cell names a balance instead of an entry ("Anfangssaldo", "Endsaldo"). */
  balanceRows?: { opening: RegExp; closing: RegExp };
  /** The title line of each account's section in an export of several accounts (its first cell). */
  sectionTitle?: RegExp;
}

/** An export without column titles, recognised by the shape of its rows; fields by position. */
export interface PositionalProfile {
  bank: string;
  decimal: ',';
  dates: readonly CsvDateFormat[];
  /** A pattern per position the rows must match (undefined: anything). */
  shape: ReadonlyArray<RegExp | undefined>;
  columns: { bookingDate: number; valueDate: number; amount: number; currency: number; remittance: number; ownAccount?: number };
}

const GERMAN_DATES: readonly CsvDateFormat[] = ['DD.MM.YYYY', 'DD.MM.YY'];
// Swedbank's titles in English, Lithuanian, Estonian and Latvian (the Latvian export spells "Refernces numurs").
const SWEDBANK_ACCOUNT: Titles = ['Client account', 'Sąskaitos Nr.', 'Kliendi konto', 'Klienta konts'];
/** The Lithuanian export leaves the kind's title empty (last: an export ending in a delimiter has an empty title too). */
const SWEDBANK_RECORD_TYPE: Titles = ['Row type', 'Reatüüp', 'Ieraksta tips', ''];
const SWEDBANK_DIRECTION: Titles = ['Debit/Credit', 'D/K', 'Deebet/Kreedit', 'Debets/Kredīts'];
const SWEDBANK_AMOUNT: Titles = ['Amount', 'Suma', 'Summa'];

/** Most specific first: a later profile may need fewer titles. */
export const HEADER_PROFILES: readonly HeaderProfile[] = [
  {
    // Sparkasse online banking, "CSV-CAMT" (V2, V8) and "CSV-MT940" exports.
    bank: 'Sparkasse',
    identify: [['Auftragskonto'], ['Buchungstag'], ['Valutadatum'], ['Buchungstext'], ['Verwendungszweck'], ['Beguenstigter/Zahlungspflichtiger'], ['Betrag']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungstag'],
      valueDate: ['Valutadatum'],
      amount: ['Betrag'],
      currency: ['Waehrung'],
      counterpartyName: ['Beguenstigter/Zahlungspflichtiger'],
      counterpartyIban: ['Kontonummer/IBAN', 'Kontonummer'],
      counterpartyBic: ['BIC (SWIFT-Code)', 'BLZ'],
      remittance: ['Verwendungszweck'],
      postingText: ['Buchungstext'],
      endToEndId: ['Kundenreferenz (End-to-End)'],
      mandateId: ['Mandatsreferenz'],
      ownAccount: ['Auftragskonto'],
      status: ['Info'],
    },
    pending: ['umsatz vorgemerkt'],
  },
  {
    // Volksbanken Raiffeisenbanken (since 2021).
    bank: 'Volksbank Raiffeisenbank',
    identify: [['Bezeichnung Auftragskonto'], ['IBAN Auftragskonto'], ['Buchungstag'], ['Name Zahlungsbeteiligter'], ['Betrag']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungstag'],
      valueDate: ['Valutadatum'],
      amount: ['Betrag'],
      currency: ['Waehrung', 'Währung'],
      counterpartyName: ['Name Zahlungsbeteiligter'],
      counterpartyIban: ['IBAN Zahlungsbeteiligter'],
      counterpartyBic: ['BIC (SWIFT-Code) Zahlungsbeteiligter'],
      remittance: ['Verwendungszweck'],
      postingText: ['Buchungstext'],
      mandateId: ['Mandatsreferenz'],
      ownAccount: ['IBAN Auftragskonto'],
      balanceAfter: ['Saldo nach Buchung'],
    },
  },
  {
    // Volksbanken Raiffeisenbanken, earlier export: unsigned amount and S/H in the column after it.
    bank: 'Volksbank Raiffeisenbank',
    identify: [['Buchungstag'], ['Valuta'], ['Auftraggeber/Zahlungsempfänger'], ['Empfänger/Zahlungspflichtiger'], ['Vorgang/Verwendungszweck'], ['Umsatz']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungstag'],
      valueDate: ['Valuta'],
      amount: ['Umsatz'],
      debitCreditMarkAfterAmount: true,
      currency: ['Währung', 'Waehrung'],
      counterpartyIban: ['IBAN'],
      counterpartyBic: ['BIC'],
      remittance: ['Vorgang/Verwendungszweck'],
      reference: ['Kundenreferenz'],
    },
    counterpartyByDirection: { payer: ['Auftraggeber/Zahlungsempfänger'], payee: ['Empfänger/Zahlungspflichtiger'] },
    balanceRows: { opening: /^anfangssaldo$/i, closing: /^endsaldo$/i },
  },
  {
    // Deutsche Bank and Postbank (one platform): Betrag, or Soll and Haben in earlier exports.
    bank: 'Deutsche Bank',
    identify: [['Buchungstag'], ['Wert'], ['Umsatzart'], ['Begünstigter / Auftraggeber'], ['Verwendungszweck'], ['Soll'], ['Haben']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungstag'],
      valueDate: ['Wert'],
      amount: ['Betrag'],
      debit: ['Soll'],
      credit: ['Haben'],
      currency: ['Währung'],
      counterpartyName: ['Begünstigter / Auftraggeber'],
      counterpartyIban: ['IBAN / Kontonummer', 'IBAN'],
      counterpartyBic: ['BIC'],
      remittance: ['Verwendungszweck'],
      postingText: ['Umsatzart'],
      endToEndId: ['Kundenreferenz'],
      mandateId: ['Mandatsreferenz'],
    },
  },
  {
    bank: 'Commerzbank',
    identify: [['Buchungstag'], ['Wertstellung'], ['Umsatzart'], ['Buchungstext'], ['Betrag'], ['Währung']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungstag'],
      valueDate: ['Wertstellung'],
      amount: ['Betrag'],
      currency: ['Währung'],
      counterpartyName: ['Auftraggeber / Begünstigter'],
      counterpartyIban: ['IBAN'],
      counterpartyBic: ['BIC'],
      remittance: ['Buchungstext'],
      postingText: ['Umsatzart'],
      ownAccount: ['IBAN Auftraggeberkonto', 'IBAN Kontoinhaber'],
    },
  },
  {
    // comdirect (Commerzbank group), "Umsätze" of the Girokonto (Wertstellung) and of the Visa card (Umsatztag, Referenz).
    bank: 'comdirect',
    identify: [['Buchungstag'], ['Wertstellung (Valuta)', 'Umsatztag'], ['Vorgang'], ['Buchungstext'], ['Umsatz in EUR']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungstag'],
      valueDate: ['Wertstellung (Valuta)', 'Umsatztag'],
      amount: ['Umsatz in EUR'],
      remittance: ['Buchungstext'],
      postingText: ['Vorgang'],
      reference: ['Referenz'],
    },
    sectionTitle: /^Umsätze /,
  },
  {
    // ING Deutschland, "Umsatzanzeige" (with or without the Saldo column).
    bank: 'ING',
    identify: [['Buchung'], ['Auftraggeber/Empfänger'], ['Buchungstext'], ['Verwendungszweck'], ['Betrag']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchung'],
      valueDate: ['Valuta', 'Wertstellungsdatum'],
      amount: ['Betrag'],
      currency: ['Währung'],
      counterpartyName: ['Auftraggeber/Empfänger'],
      remittance: ['Verwendungszweck'],
      postingText: ['Buchungstext'],
      balanceAfter: ['Saldo'],
    },
  },
  {
    // DKB since 2023.
    bank: 'DKB',
    identify: [['Buchungsdatum'], ['Wertstellung'], ['Status'], ['Zahlungspflichtige*r'], ['Zahlungsempfänger*in'], ['Betrag (€)', 'Betrag (EUR)']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungsdatum'],
      valueDate: ['Wertstellung'],
      amount: ['Betrag (€)', 'Betrag (EUR)'],
      counterpartyIban: ['IBAN'],
      remittance: ['Verwendungszweck'],
      postingText: ['Umsatztyp'],
      endToEndId: ['Kundenreferenz'],
      mandateId: ['Mandatsreferenz'],
      status: ['Status'],
    },
    counterpartyByDirection: { payer: ['Zahlungspflichtige*r'], payee: ['Zahlungsempfänger*in'] },
  },
  {
    // DKB until 2023.
    bank: 'DKB',
    identify: [['Buchungstag'], ['Wertstellung'], ['Buchungstext'], ['Auftraggeber / Begünstigter'], ['Verwendungszweck'], ['Betrag (EUR)']],
    decimal: ',',
    dates: GERMAN_DATES,
    columns: {
      bookingDate: ['Buchungstag'],
      valueDate: ['Wertstellung'],
      amount: ['Betrag (EUR)'],
      counterpartyName: ['Auftraggeber / Begünstigter'],
      counterpartyIban: ['Kontonummer'],
      counterpartyBic: ['BLZ'],
      remittance: ['Verwendungszweck'],
      postingText: ['Buchungstext'],
      endToEndId: ['Kundenreferenz'],
      mandateId: ['Mandatsreferenz'],
    },
  },
  {
    // N26 since 2023 (English titles).
    bank: 'N26',
    identify: [['Booking Date'], ['Partner Name'], ['Partner Iban'], ['Payment Reference'], ['Amount (EUR)']],
    decimal: '.',
    dates: ['YYYY-MM-DD'],
    columns: {
      bookingDate: ['Booking Date'],
      valueDate: ['Value Date'],
      amount: ['Amount (EUR)'],
      counterpartyName: ['Partner Name'],
      counterpartyIban: ['Partner Iban'],
      remittance: ['Payment Reference'],
      postingText: ['Type'],
    },
  },
  {
    // N26 until 2023, German and English titles.
    bank: 'N26',
    identify: [
      ['Datum', 'Date'],
      ['Empfänger', 'Payee'],
      ['Transaktionstyp', 'Transaction type'],
      ['Betrag (EUR)', 'Amount (EUR)'],
    ],
    decimal: '.',
    dates: ['YYYY-MM-DD'],
    columns: {
      bookingDate: ['Datum', 'Date'],
      amount: ['Betrag (EUR)', 'Amount (EUR)'],
      counterpartyName: ['Empfänger', 'Payee'],
      counterpartyIban: ['Kontonummer', 'Account number'],
      remittance: ['Verwendungszweck', 'Payment reference'],
      postingText: ['Transaktionstyp', 'Transaction type'],
    },
  },
  {
    // Erste Bank und Sparkassen (Austria), George export.
    bank: 'Erste Bank und Sparkassen (George)',
    identify: [['Buchungsdatum', 'Booking date'], ['Partnername', 'Partner Name'], ['Partner IBAN'], ['Betrag', 'Amount']],
    decimal: ',',
    dates: ['DD.MM.YYYY', 'YYYY-MM-DD'],
    columns: {
      bookingDate: ['Buchungsdatum', 'Booking date'],
      valueDate: ['Valutadatum', 'Value date'],
      amount: ['Betrag', 'Amount'],
      currency: ['Währung', 'Currency'],
      counterpartyName: ['Partnername', 'Partner Name'],
      counterpartyIban: ['Partner IBAN'],
      counterpartyBic: ['Partner BIC', 'BIC/SWIFT'],
      remittance: ['Buchungs-Details', 'Buchungs-Info', 'Buchungstext', 'Booking details', 'Zahlungsreferenz', 'Payment reference'],
      reference: ['Zahlungsreferenz', 'Payment reference'],
      bankReference: ['Buchungsreferenz', 'Booking reference'],
      mandateId: ['Mandats ID', 'Mandate ID'],
      ownAccount: ['Eigene IBAN', 'Own IBAN'],
    },
  },
  {
    // UniCredit Bank Austria online banking, German or English titles (the same columns: Buchungsdatum / Operation date,
    // Valutadatum / Value date, Buchungstext / Booking text, Interne Notiz / Internal note, Währung / Currency,
    // Betrag / Amount, Belegdaten, Belegnummer, Auftraggebername / Payer name, ..., Empfängername / Payee name, ...,
    // Zahlungsgrund / Purpose text, Zahlungsreferenz / Reference).
    bank: 'UniCredit Bank Austria',
    identify: [
      ['Buchungsdatum', 'Operation date'],
      ['Valutadatum', 'Value date'],
      ['Betrag', 'Amount'],
      ['Auftraggebername', 'Payer name'],
      ['Empfängername', 'Payee name'],
    ],
    decimal: ',',
    dates: ['DD.MM.YYYY', 'DD/MM/YYYY'],
    columns: {
      bookingDate: ['Buchungsdatum', 'Operation date'],
      valueDate: ['Valutadatum', 'Value date'],
      amount: ['Betrag', 'Amount'],
      currency: ['Währung', 'Currency'],
      remittance: ['Zahlungsgrund', 'Verwendungszweck', 'Buchungstext', 'Purpose text', 'Booking text'],
      postingText: ['Buchungstext', 'Booking text'],
      reference: ['Zahlungsreferenz', 'Reference'],
    },
    counterpartyByDirection: { payer: ['Auftraggebername', 'Payer name'], payee: ['Empfängername', 'Payee name'] },
  },
  {
    // Swedbank in the Baltic states: a row per record, its kind in the second column (10 opening balance, 20 entry,
    // 82 turnover, 86 closing balance, 900 interest accrued), unsigned amounts with D (debit) or K (credit). In English,
    // Estonian and Latvian with the user's decimal mark and DD.MM.YYYY; in Lithuanian with ISO dates, decimal points and
    // an untitled kind.
    bank: 'Swedbank',
    identify: [SWEDBANK_ACCOUNT, SWEDBANK_RECORD_TYPE, SWEDBANK_DIRECTION, SWEDBANK_AMOUNT],
    decimal: 'either',
    dates: ['DD.MM.YYYY', 'YYYY-MM-DD'],
    columns: {
      bookingDate: ['Date', 'Data', 'Kuupäev', 'Datums'],
      amount: SWEDBANK_AMOUNT,
      currency: ['Currency', 'Valiuta', 'Valuuta', 'Valūta'],
      counterpartyName: ['Beneficiary/Payer', 'Gavėjas', 'Saaja/Maksja', 'Saņēmējs/Maksātājs'],
      remittance: ['Details', 'Paaiškinimai', 'Selgitus', 'Informācija saņēmējam'],
      bankReference: ['Transfer reference', 'Archive ID', 'Įrašo Nr.', 'Įrašo ID', 'Arhiveerimistunnus', 'Arhīva kods'],
      reference: ['Reference number', 'Įmokos kodas', 'Viitenumber', 'Refernces numurs', 'References numurs'],
      ownAccount: SWEDBANK_ACCOUNT,
    },
    debitCreditMark: { column: SWEDBANK_DIRECTION, debit: ['D'], credit: ['K', 'C'] },
    recordTypes: { column: SWEDBANK_RECORD_TYPE, opening: ['10'], closing: ['86'], entries: ['20'], summaries: ['82', '900'] },
  },
];

const DAY = /^\d{2}\.\d{2}\.\d{4}$/;
/** An amount as these exports write it: decimal comma, thousands points or none, the cents as 0–2 digits ("-56,9", "500"). */
const AMOUNT = /^[+-]?\d{1,3}(\.\d{3})*(,\d{1,2})?$|^[+-]?\d+(,\d{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

export const POSITIONAL_PROFILES: readonly PositionalProfile[] = [
  {
    // Raiffeisen (Austria), Mein ELBA: booking date; text; value date; amount; currency[; time].
    bank: 'Raiffeisen',
    decimal: ',',
    dates: ['DD.MM.YYYY'],
    shape: [DAY, undefined, DAY, AMOUNT, CURRENCY],
    columns: { bookingDate: 0, remittance: 1, valueDate: 2, amount: 3, currency: 4 },
  },
  {
    // BAWAG P.S.K. and easybank: own account; text; booking date; value date; amount; currency.
    bank: 'BAWAG P.S.K.',
    decimal: ',',
    dates: ['DD.MM.YYYY'],
    shape: [/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$|^\d{5,20}$/, undefined, DAY, DAY, AMOUNT, CURRENCY],
    columns: { ownAccount: 0, remittance: 1, bookingDate: 2, valueDate: 3, amount: 4, currency: 5 },
  },
];
