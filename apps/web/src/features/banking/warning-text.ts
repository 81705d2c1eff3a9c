import type { ImportWarning } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { formatAmount, formatDate } from '../../i18n/format';

/** One finding of an import as a sentence with its figures in the user's language. */
export function warningText(t: TFunction, w: ImportWarning, locale: string): string {
  const money = (c: number | undefined) => (c === undefined ? '' : formatAmount(c / 100, 'EUR', locale));
  return t(`banking.imports.warnings.${w.kind}`, {
    statement: w.statement,
    expected: money(w.expected_cents),
    actual: money(w.actual_cents),
    difference: money(w.difference_cents),
    previous: w.previous && /^\d{4}-/.test(w.previous) ? formatDate(w.previous, locale) : (w.previous ?? ''),
    current: w.current && /^\d{4}-/.test(w.current) ? formatDate(w.current, locale) : (w.current ?? ''),
    // Without a count (warnings recorded before it was kept) the text without a plural suffix, which is the plural.
    ...(w.count === undefined ? {} : { count: w.count }),
  });
}
