import { exportReasonParts } from './export-reasons';
import type { ReportLineChange, VatCountry } from './reports';

/**
 * Looks up a report text by its key path (as in the web's reports.*.json: `vatCodes.AT.022`, `terms.rateNet`,
 * `origin.xml`, `fields.supplier_account`, `reasonTexts.missing`, `jobStatus.done`) with its placeholders
 * filled; null when there is none. The web answers from i18next, the downloads from the server's texts.
 */
export type ReportSay = (key: string, params?: Record<string, string | number>) => string | null;

/** A recorded ERP reason in the reader's language; what is not recognised stays as recorded. */
export function exportReasonText(reason: string, say: ReportSay): string {
  return exportReasonParts(reason)
    .map((p) => {
      const message = (p.key && say(`reasonTexts.${p.key}`, p.params)) || p.text;
      return p.field ? `${say(`fields.${p.field}`) ?? p.field}: ${message}` : message;
    })
    .join('; ');
}

/** The key of an export job's state ('in progress' | 'done' | 'failed'). */
export const exportJobStatusKey = (status: string) => `jobStatus.${status === 'in progress' ? 'inProgress' : status}`;

/** What a summary line (or a change of one) counts, in the reader's language. */
export function reportLineText(line: Pick<ReportLineChange, 'term' | 'arg'>, country: VatCountry, say: ReportSay): string {
  const arg = line.arg ?? '';
  switch (line.term) {
    case 'vatCode':
      return `${arg} ${say(`vatCodes.${country}.${arg}`) ?? ''}`.trim();
    case 'party':
      return String(arg);
    case 'origin':
      return say('terms.origin', { arg: say(`origin.${arg}`) ?? arg }) ?? String(arg);
    case 'reason':
      return exportReasonText(String(arg), say);
    default:
      return say(`terms.${line.term}`, { arg }) ?? line.term;
  }
}
