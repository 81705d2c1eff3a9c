import type { EInvoiceFinding } from '@portal/contracts';
import { formatDate } from '../../i18n/format';

export type RequestLanguage = 'de' | 'en';

/** What the request names of the invoice. */
export interface CorrectionSubject {
  invoiceNumber: string | null;
  invoiceDate: string | null;
  biller: string | null;
  recipient: string | null;
}

const TEXTS = {
  de: {
    subject: (n: string) => `Bitte um Korrektur der E-Rechnung ${n}`,
    greeting: 'Sehr geehrte Damen und Herren,',
    intro: (n: string, date: string) =>
      `die E-Rechnung ${n}${date ? ` vom ${date}` : ''} entspricht nicht den Regeln der EN 16931 bzw. XRechnung. Eine solche Rechnung ist keine ordnungsgemäße Rechnung im Sinne des § 14 UStG; der Vorsteuerabzug ist gefährdet.`,
    listHead: 'Die Prüfung ergab:',
    severity: { fatal: 'Fehler', warning: 'Warnung', information: 'Hinweis' },
    location: 'Stelle',
    ask: 'Bitte senden Sie uns eine korrigierte E-Rechnung.',
    rules: (version: string) => `Geprüft mit: ${version}`,
    closing: 'Mit freundlichen Grüßen',
    unnamed: 'ohne Nummer',
  },
  en: {
    subject: (n: string) => `Request to correct e-invoice ${n}`,
    greeting: 'Dear Sir or Madam,',
    intro: (n: string, date: string) =>
      `e-invoice ${n}${date ? ` of ${date}` : ''} does not meet the rules of EN 16931 / XRechnung. Such an invoice is not a proper invoice under German VAT law (§ 14 UStG), which puts the input tax deduction at risk.`,
    listHead: 'The check found:',
    severity: { fatal: 'Error', warning: 'Warning', information: 'Note' },
    location: 'Location',
    ask: 'Please send us a corrected e-invoice.',
    rules: (version: string) => `Checked with: ${version}`,
    closing: 'Kind regards',
    unnamed: 'without number',
  },
} as const;

const ORDER = { fatal: 0, warning: 1, information: 2 } as const;

/**
 * The request to the supplier to correct an e-invoice, in German or English: which invoice, every violation
 * (errors first, then warnings; notes are left out) with its rule id, message and location, and the rule set.
 */
export function correctionRequest(subject: CorrectionSubject, findings: readonly EInvoiceFinding[], rulesVersion: string, language: RequestLanguage): { subject: string; body: string } {
  const texts = TEXTS[language];
  const number = subject.invoiceNumber?.trim() || texts.unnamed;
  const violations = findings.filter((f) => f.severity !== 'information').sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  const lines = violations.map((f, i) => `${i + 1}. [${f.rule}, ${texts.severity[f.severity]}] ${f.message[language]}\n   ${texts.location}: ${f.location}`);
  const body = [
    texts.greeting,
    '',
    texts.intro(number, formatDate(subject.invoiceDate, language)),
    '',
    texts.listHead,
    ...lines,
    '',
    texts.ask,
    '',
    texts.rules(rulesVersion),
    '',
    texts.closing,
    subject.recipient ?? '',
  ].join('\n');
  return { subject: texts.subject(number), body: body.trimEnd() };
}

/** A mailto link with subject and body (the supplier's address is left for the user to fill in). */
export function mailtoOf(request: { subject: string; body: string }): string {
  return `mailto:?subject=${encodeURIComponent(request.subject)}&body=${encodeURIComponent(request.body)}`;
}
