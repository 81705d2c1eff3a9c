import de from '../../i18n/locales/de.json';
import documentsDe from '../../i18n/locales/documents.de.json';
import invoicesDe from '../../i18n/locales/invoices.de.json';
import invoicesEn from '../../i18n/locales/invoices.en.json';
import { changeLabel, changeValue, LABELLED_FIELDS } from './describe-change';

const texts = { ...de, invoices: invoicesDe, documents: documentsDe } as Record<string, unknown>;
function t(key: string, options: Record<string, unknown> = {}): string {
  const found = key.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), texts);
  if (typeof found !== 'string') return (options.defaultValue as string | undefined) ?? key;
  return found.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options[k] ?? ''));
}

describe('the audit timeline speaks in words, not internals (de)', () => {
  it('names raw keys by their labels', () => {
    expect(changeLabel('biller_name', t)).toBe('Rechnungssteller');
    expect(changeLabel('erp_reason', t)).toBe('Begründung des Imports');
    expect(changeLabel('booking_origins.gross_amount', t)).toBe('Herkunft: Brutto');
    expect(changeLabel('booking.subject', t)).toBe('Betreff');
    expect(changeLabel('fields.gross_amount', t)).toBe('Erkannt: Brutto');
    expect(changeLabel('flags', t)).toBe('Status');
  });

  it('every labelled field has a German and an English label', () => {
    for (const field of LABELLED_FIELDS) {
      expect((invoicesEn.audit.labels as Record<string, string>)[field]).toBeTruthy();
      expect((invoicesDe.audit.labels as Record<string, string>)[field]).toBeTruthy();
    }
  });

  it('shows flags, origins, yes/no, dates and amounts in words', () => {
    expect(changeValue('flags', 3, t, 'de')).toBe('Bestätigt, Gebucht');
    expect(changeValue('flags', 0, t, 'de')).toBe('Offen');
    expect(changeValue('booking_origins.gross_amount', 9, t, 'de')).toBe(t('invoices.origins.human'));
    expect(changeValue('confirmed', true, t, 'de')).toBe('ja');
    expect(changeValue('invoice_date', '2026-03-07', t, 'de')).toBe('07.03.2026');
    expect(changeValue('fields.gross_amount', 1234.5, t, 'de')).toBe('1.234,50');
    expect(changeValue('category', 'ER', t, 'de')).toBe(t('invoices.categories.ER'));
    expect(changeValue('title', undefined, t, 'de')).toBe('∅');
  });
});
