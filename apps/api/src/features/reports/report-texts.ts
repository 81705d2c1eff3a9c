import { formatDateAs, formatMomentIn } from '@portal/contracts';
import type { ExportReasonKey, ReportKind, ReportSay, ReportSection, ReportTerm, VatCountry, VatProblem } from '@portal/contracts';

export type ReportLanguage = 'de' | 'en';

/** The words of the report downloads (CSV and PDF) in the requesting user's language. */
export interface ReportTexts {
  numberLocale: string;
  titles: Record<ReportKind, string>;
  client: string;
  period: string;
  asOf: string;
  now: string;
  logPosition: (position: number) => string;
  comparedWith: string;
  created: string;
  page: (n: number, m: number) => string;
  none: string;
  returnCodes: Record<VatCountry, string>;
  vatCodes: Record<VatCountry, Record<string, string>>;
  columns: {
    code: string;
    meaning: string;
    amount: string;
    direction: string;
    rate: string;
    documents: string;
    net: string;
    tax: string;
    gross: string;
    document: string;
    number: string;
    party: string;
    problem: string;
    previous: string;
    change: string;
    month: string;
    at: string;
    unconfirmed: string;
    unbooked: string;
    notExported: string;
    confirmed: string;
    booked: string;
    median: string;
    p90: string;
    user: string;
    requested: string;
    by: string;
    format: string;
    year: string;
    status: string;
    imported: string;
    errors: string;
    infos: string;
    reason: string;
    section: string;
    line: string;
    before: string;
    after: string;
    difference: string;
    invalidEInvoices: string;
  };
  tables: {
    perRate: string;
    problems: string;
    suppliers: string;
    customers: string;
    perMonth: string;
    backlog: string;
    hours: string;
    perUser: string;
    origins: string;
    invalidEInvoices: string;
    jobs: string;
    reasons: string;
    changes: (from: string, to: string) => string;
  };
  directions: { output: string; input: string };
  problems: Record<VatProblem['reason'], string>;
  origin: { xml: string; text: string; ocr: string; human: string };
  jobStatus: { inProgress: string; done: string; failed: string };
  sections: Record<ReportSection, string>;
  terms: Record<Exclude<ReportTerm, 'vatCode' | 'party' | 'reason'>, string>;
  fields: Record<string, string>;
  reasonTexts: Record<ExportReasonKey, string>;
}

const EN: ReportTexts = {
  numberLocale: 'en-GB',
  titles: { vat: 'VAT summary', parties: 'Suppliers and customers', processing: 'Processing', exports: 'ERP export history' },
  client: 'Client',
  period: 'Period',
  asOf: 'As of',
  now: 'now',
  logPosition: (p) => `log position ${p}`,
  comparedWith: 'compared with',
  created: 'created',
  page: (n, m) => `Page ${n} of ${m}`,
  none: 'None.',
  returnCodes: { AT: 'Return codes (Austria, U30)', DE: 'Return codes (Germany, UStVA)' },
  vatCodes: {
    AT: {
      '000': 'Total base (deliveries and services)',
      '022': 'Taxable at 20 %',
      '029': 'Taxable at 10 %',
      '006': 'Taxable at 13 %',
      '037': 'Taxable at 19 %',
      '070': 'Intra-EU acquisitions, total base',
      '072': 'Intra-EU acquisitions at 20 %',
      '073': 'Intra-EU acquisitions at 10 %',
      '008': 'Intra-EU acquisitions at 13 %',
      '088': 'Intra-EU acquisitions at 19 %',
      '057': 'Tax owed, reverse charge (§ 19)',
      '060': 'Input tax',
      '065': 'Input tax on intra-EU acquisitions',
      '066': 'Input tax, reverse charge',
      '095': 'Payable (credit if negative)',
    },
    DE: {
      '81': 'Taxable at 19 %',
      '86': 'Taxable at 7 %',
      '87': 'Taxable at 0 %',
      '89': 'Intra-EU acquisitions at 19 %',
      '93': 'Intra-EU acquisitions at 7 %',
      '95': 'Intra-EU acquisitions at other rates, base',
      '98': 'Intra-EU acquisitions at other rates, tax',
      '46': 'Services of EU businesses (§ 13b (1)), base',
      '47': 'Services of EU businesses (§ 13b (1)), tax',
      '84': 'Other § 13b (2) purchases, base',
      '85': 'Other § 13b (2) purchases, tax',
      '66': 'Input tax',
      '61': 'Input tax on intra-EU acquisitions',
      '67': 'Input tax, § 13b reverse charge',
      '83': 'Payable (credit if negative)',
    },
  },
  columns: {
    code: 'Code',
    meaning: 'Meaning',
    amount: 'Amount',
    direction: 'Direction',
    rate: 'Rate %',
    documents: 'Documents',
    net: 'Net',
    tax: 'Tax',
    gross: 'Gross',
    document: 'Document',
    number: 'Number',
    party: 'Party',
    problem: 'Problem',
    previous: 'Previous period',
    change: 'Change %',
    month: 'Month',
    at: 'At',
    unconfirmed: 'Unconfirmed',
    unbooked: 'Unbooked',
    notExported: 'Not exported',
    confirmed: 'Confirmed',
    booked: 'Booked',
    median: 'Median h',
    p90: 'p90 h',
    user: 'User',
    requested: 'Requested',
    by: 'By',
    format: 'Format',
    year: 'Year',
    status: 'Status',
    imported: 'Imported',
    errors: 'Errors',
    infos: 'Infos',
    reason: 'Reason',
    section: 'Section',
    line: 'Line',
    before: 'Before',
    after: 'After',
    difference: 'Difference',
    invalidEInvoices: 'Invalid e-invoices',
  },
  tables: {
    perRate: 'Per tax rate',
    problems: 'Documents with missing or inconsistent tax',
    suppliers: 'Top suppliers',
    customers: 'Top customers',
    perMonth: 'Gross per month',
    backlog: 'Backlog',
    hours: 'Hours from upload to confirmation / booking per month',
    perUser: 'Per user',
    origins: 'Field origins',
    invalidEInvoices: 'Uploaded e-invoices that break the EN 16931 / XRechnung rules, per month',
    jobs: 'Export jobs',
    reasons: 'Refusal reasons',
    changes: (from, to) => `Changes between ${from} and ${to}`,
  },
  directions: { output: 'Output tax', input: 'Input tax' },
  problems: {
    missing_amounts: 'Amounts missing',
    missing_rate: 'Tax rate missing',
    sum_mismatch: 'Net + tax differs from gross',
    tax_mismatch: 'Tax differs from net × rate',
    missing_date: 'Invoice date missing',
  },
  origin: { xml: 'E-invoice XML', text: 'Text layer', ocr: 'OCR', human: 'Typed by a person' },
  jobStatus: { inProgress: 'In progress', done: 'Done', failed: 'Failed' },
  sections: {
    codes: 'Return codes',
    output: 'Output tax',
    input: 'Input tax',
    documents: 'Documents',
    totals: 'Totals',
    suppliers: 'Top suppliers',
    customers: 'Top customers',
    backlog: 'Backlog',
    origins: 'Field origins',
    toConfirm: 'Upload to confirmation',
    toBook: 'Upload to booking',
    einvoices: 'E-invoices',
    reasons: 'Refusal reasons',
  },
  terms: {
    rateNet: 'Net at {{arg}} %',
    rateTax: 'Tax at {{arg}} %',
    rateGross: 'Gross at {{arg}} %',
    documentsCounted: 'Documents counted',
    documentsWithProblems: 'Documents with missing or inconsistent tax',
    supplierTotal: 'Suppliers',
    customerTotal: 'Customers',
    uploaded: 'Uploaded in the period',
    unconfirmedAtEnd: 'Unconfirmed at the end',
    unbookedAtEnd: 'Unbooked at the end',
    notExportedAtEnd: 'Not exported at the end',
    origin: 'Fields from {{arg}}',
    medianHours: 'Median hours in {{arg}}',
    invalidEInvoices: 'Invalid e-invoices uploaded in {{arg}}',
    jobs: 'Jobs',
    failed: 'Failed jobs',
    documents: 'Documents',
    imported: 'Imported',
    errors: 'Errors',
    infos: 'Infos',
  },
  fields: {
    supplier_account: 'Supplier account',
    expense_account: 'Expense account',
    gross_amount: 'Gross amount',
    tax_amount: 'Tax amount',
    invoice_date: 'Invoice date',
    invoice_number: 'Invoice number',
    currency: 'Currency',
    periodStart: 'Period start',
    periodEnd: 'Period end',
    fiscalYearStart: 'Start of the financial year',
    tax_code: 'Tax code or tax rate',
  },
  reasonTexts: {
    missing: 'is missing',
    empty: 'is empty',
    notADate: '{{value}} is not a date',
    outsidePeriod: '{{value}} is outside the period {{from}} to {{to}}',
    notAnAccount: '{{value}} is not an account number of up to nine digits',
    notAnAmount: '{{value}} is not a positive amount with two decimals',
    notATaxAmount: '{{value}} is not a tax amount between 0 and the gross amount',
    notEur: '{{value}} cannot be exported; the booking batch is in EUR',
    oneYear: 'a batch covers one financial year',
    exportFailed: 'The export failed: {{message}}',
    exported: 'in the {{format}} export file {{file}}',
  },
};

const DE: ReportTexts = {
  numberLocale: 'de-AT',
  titles: { vat: 'Umsatzsteuer-Übersicht', parties: 'Lieferanten und Kunden', processing: 'Bearbeitung', exports: 'ERP-Export-Verlauf' },
  client: 'Mandant',
  period: 'Zeitraum',
  asOf: 'Stand',
  now: 'jetzt',
  logPosition: (p) => `Log-Position ${p}`,
  comparedWith: 'verglichen mit',
  created: 'erstellt',
  page: (n, m) => `Seite ${n} von ${m}`,
  none: 'Keine.',
  returnCodes: { AT: 'Kennzahlen (Österreich, U30)', DE: 'Kennzahlen (Deutschland, UStVA)' },
  vatCodes: {
    AT: {
      '000': 'Gesamtbetrag der Bemessungsgrundlagen (Lieferungen und Leistungen)',
      '022': 'Steuerpflichtig mit 20 %',
      '029': 'Steuerpflichtig mit 10 %',
      '006': 'Steuerpflichtig mit 13 %',
      '037': 'Steuerpflichtig mit 19 %',
      '070': 'Innergemeinschaftliche Erwerbe, Bemessungsgrundlage gesamt',
      '072': 'Innergemeinschaftliche Erwerbe mit 20 %',
      '073': 'Innergemeinschaftliche Erwerbe mit 10 %',
      '008': 'Innergemeinschaftliche Erwerbe mit 13 %',
      '088': 'Innergemeinschaftliche Erwerbe mit 19 %',
      '057': 'Steuerschuld, Übergang (§ 19)',
      '060': 'Vorsteuer',
      '065': 'Vorsteuer aus innergemeinschaftlichen Erwerben',
      '066': 'Vorsteuer, Übergang der Steuerschuld',
      '095': 'Zahllast (Gutschrift, wenn negativ)',
    },
    DE: {
      '81': 'Steuerpflichtig mit 19 %',
      '86': 'Steuerpflichtig mit 7 %',
      '87': 'Steuerpflichtig mit 0 %',
      '89': 'Innergemeinschaftliche Erwerbe mit 19 %',
      '93': 'Innergemeinschaftliche Erwerbe mit 7 %',
      '95': 'Innergemeinschaftliche Erwerbe zu anderen Sätzen, Bemessungsgrundlage',
      '98': 'Innergemeinschaftliche Erwerbe zu anderen Sätzen, Steuer',
      '46': 'Leistungen von EU-Unternehmen (§ 13b Abs. 1), Bemessungsgrundlage',
      '47': 'Leistungen von EU-Unternehmen (§ 13b Abs. 1), Steuer',
      '84': 'Andere Leistungen nach § 13b Abs. 2, Bemessungsgrundlage',
      '85': 'Andere Leistungen nach § 13b Abs. 2, Steuer',
      '66': 'Vorsteuer',
      '61': 'Vorsteuer aus innergemeinschaftlichen Erwerben',
      '67': 'Vorsteuer nach § 13b',
      '83': 'Zahllast (Erstattung, wenn negativ)',
    },
  },
  columns: {
    code: 'Kennzahl',
    meaning: 'Bedeutung',
    amount: 'Betrag',
    direction: 'Richtung',
    rate: 'Satz %',
    documents: 'Belege',
    net: 'Netto',
    tax: 'Steuer',
    gross: 'Brutto',
    document: 'Beleg',
    number: 'Nummer',
    party: 'Partner',
    problem: 'Problem',
    previous: 'Vorperiode',
    change: 'Veränderung %',
    month: 'Monat',
    at: 'Stichtag',
    unconfirmed: 'Unbestätigt',
    unbooked: 'Nicht gebucht',
    notExported: 'Nicht exportiert',
    confirmed: 'Bestätigt',
    booked: 'Gebucht',
    median: 'Median h',
    p90: 'p90 h',
    user: 'Benutzer',
    requested: 'Angefordert',
    by: 'Von',
    format: 'Format',
    year: 'Jahr',
    status: 'Status',
    imported: 'Importiert',
    errors: 'Fehler',
    infos: 'Hinweise',
    reason: 'Grund',
    section: 'Bereich',
    line: 'Zeile',
    before: 'Vorher',
    after: 'Nachher',
    difference: 'Differenz',
    invalidEInvoices: 'Ungültige E-Rechnungen',
  },
  tables: {
    perRate: 'Je Steuersatz',
    problems: 'Belege mit fehlender oder widersprüchlicher Steuer',
    suppliers: 'Top-Lieferanten',
    customers: 'Top-Kunden',
    perMonth: 'Brutto pro Monat',
    backlog: 'Rückstand',
    hours: 'Stunden vom Hochladen bis zur Bestätigung / Buchung pro Monat',
    perUser: 'Pro Benutzer',
    origins: 'Herkunft der Felder',
    invalidEInvoices: 'Hochgeladene E-Rechnungen, die gegen die Regeln von EN 16931 / XRechnung verstoßen, pro Monat',
    jobs: 'Exportläufe',
    reasons: 'Ablehnungsgründe',
    changes: (from, to) => `Änderungen zwischen ${from} und ${to}`,
  },
  directions: { output: 'Umsatzsteuer', input: 'Vorsteuer' },
  problems: {
    missing_amounts: 'Beträge fehlen',
    missing_rate: 'Steuersatz fehlt',
    sum_mismatch: 'Netto + Steuer weicht vom Brutto ab',
    tax_mismatch: 'Steuer weicht von Netto × Satz ab',
    missing_date: 'Rechnungsdatum fehlt',
  },
  origin: { xml: 'E-Rechnung (XML)', text: 'Textebene', ocr: 'OCR', human: 'Von Hand erfasst' },
  jobStatus: { inProgress: 'In Arbeit', done: 'Fertig', failed: 'Fehlgeschlagen' },
  sections: {
    codes: 'Kennzahlen',
    output: 'Umsatzsteuer',
    input: 'Vorsteuer',
    documents: 'Belege',
    totals: 'Summen',
    suppliers: 'Top-Lieferanten',
    customers: 'Top-Kunden',
    backlog: 'Rückstand',
    origins: 'Herkunft der Felder',
    toConfirm: 'Hochladen bis Bestätigung',
    toBook: 'Hochladen bis Buchung',
    einvoices: 'E-Rechnungen',
    reasons: 'Ablehnungsgründe',
  },
  terms: {
    rateNet: 'Netto zu {{arg}} %',
    rateTax: 'Steuer zu {{arg}} %',
    rateGross: 'Brutto zu {{arg}} %',
    documentsCounted: 'Gezählte Belege',
    documentsWithProblems: 'Belege mit fehlender oder widersprüchlicher Steuer',
    supplierTotal: 'Lieferanten',
    customerTotal: 'Kunden',
    uploaded: 'Im Zeitraum hochgeladen',
    unconfirmedAtEnd: 'Unbestätigt am Ende',
    unbookedAtEnd: 'Nicht gebucht am Ende',
    notExportedAtEnd: 'Nicht exportiert am Ende',
    origin: 'Felder aus {{arg}}',
    medianHours: 'Median Stunden im {{arg}}',
    invalidEInvoices: 'Ungültige E-Rechnungen, hochgeladen im {{arg}}',
    jobs: 'Exportläufe',
    failed: 'Fehlgeschlagene Exportläufe',
    documents: 'Belege',
    imported: 'Importiert',
    errors: 'Fehler',
    infos: 'Hinweise',
  },
  fields: {
    supplier_account: 'Lieferantenkonto',
    expense_account: 'Aufwandskonto',
    gross_amount: 'Bruttobetrag',
    tax_amount: 'Steuerbetrag',
    invoice_date: 'Rechnungsdatum',
    invoice_number: 'Rechnungsnummer',
    currency: 'Währung',
    periodStart: 'Beginn des Zeitraums',
    periodEnd: 'Ende des Zeitraums',
    fiscalYearStart: 'Beginn des Wirtschaftsjahres',
    tax_code: 'Steuercode oder Steuersatz',
  },
  reasonTexts: {
    missing: 'fehlt',
    empty: 'ist leer',
    notADate: '{{value}} ist kein Datum',
    outsidePeriod: '{{value}} liegt außerhalb des Zeitraums {{from}} bis {{to}}',
    notAnAccount: '{{value}} ist keine Kontonummer mit bis zu neun Stellen',
    notAnAmount: '{{value}} ist kein positiver Betrag mit zwei Nachkommastellen',
    notATaxAmount: '{{value}} ist kein Steuerbetrag zwischen 0 und dem Bruttobetrag',
    notEur: '{{value}} kann nicht exportiert werden; der Buchungsstapel ist in EUR',
    oneYear: 'ein Stapel umfasst ein Wirtschaftsjahr',
    exportFailed: 'Der Export ist fehlgeschlagen: {{message}}',
    exported: 'in der {{format}}-Exportdatei {{file}}',
  },
};

export const REPORT_TEXTS: Record<ReportLanguage, ReportTexts> = { en: EN, de: DE };

/** The language of a download: the one asked for, else the user's, else German. */
export const reportLanguageOf = (asked: unknown, userLocale: string | undefined): ReportLanguage =>
  asked === 'en' || asked === 'de' ? asked : userLocale?.startsWith('en') ? 'en' : 'de';

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** The texts' lookup by key path, for the shared line and reason wording (contracts' report-text). */
export function sayOf(texts: ReportTexts): ReportSay {
  return (key, params = {}) => {
    let node: unknown = texts;
    for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? fill(node, params) : null;
  };
}

/**
 * Dates and moments of a download, by the rule of the screens (contracts' moments): a date as the language
 * writes it, a date-time as the wall-clock time of the firm's time zone, no moment as "now". A log position is
 * internal: the caller passes the time the log reached it; only where the log has no event at the position is
 * the position itself written.
 */
export function momentFormatter(language: ReportLanguage, timeZone: string): (iso: string | null, position: number | null) => string {
  const texts = REPORT_TEXTS[language];
  return (iso, position) => {
    if (iso === null && position !== null) return texts.logPosition(position);
    if (iso === null) return texts.now;
    if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatDateAs(iso, language);
    return formatMomentIn(iso, language, timeZone);
  };
}
