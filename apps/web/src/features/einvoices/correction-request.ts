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

/** A translator fixed to the request's language (`i18n.getFixedT(language)`), whatever language the screen shows. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const LETTER = 'einvoices.correction.letter';

const ORDER = { fatal: 0, warning: 1, information: 2 } as const;

/**
 * The request to the supplier to correct an e-invoice, in German or English: which invoice, every violation
 * (errors first, then warnings; notes are left out) with its rule id, message and location, and the rule set.
 */
export function correctionRequest(
  subject: CorrectionSubject,
  findings: readonly EInvoiceFinding[],
  rulesVersion: string,
  language: RequestLanguage,
  t: Translate,
): { subject: string; body: string } {
  const number = subject.invoiceNumber?.trim() || t(`${LETTER}.unnamed`);
  const date = formatDate(subject.invoiceDate, language);
  const violations = findings.filter((f) => f.severity !== 'information').sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  const lines = violations.map(
    (f, i) =>
      `${i + 1}. [${f.rule}, ${t(`einvoices.findings.severity.${f.severity}`)}] ${f.message[language]}\n   ${t('einvoices.findings.location')}: ${f.location}`,
  );
  const body = [
    t(`${LETTER}.greeting`),
    '',
    date ? t(`${LETTER}.introDated`, { number, date }) : t(`${LETTER}.intro`, { number }),
    '',
    t(`${LETTER}.listHead`),
    ...lines,
    '',
    t(`${LETTER}.ask`),
    '',
    t(`${LETTER}.rules`, { version: rulesVersion }),
    '',
    t(`${LETTER}.closing`),
    subject.recipient ?? '',
  ].join('\n');
  return { subject: t(`${LETTER}.subject`, { number }), body: body.trimEnd() };
}

/** A mailto link with subject and body (the supplier's address is left for the user to fill in). */
export function mailtoOf(request: { subject: string; body: string }): string {
  return `mailto:?subject=${encodeURIComponent(request.subject)}&body=${encodeURIComponent(request.body)}`;
}
