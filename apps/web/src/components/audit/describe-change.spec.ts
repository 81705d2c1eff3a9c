import { BOOKING_FIELD_NAMES, LABEL_FIELDS, ORIGIN, type DocumentRecord, type Party } from '@portal/contracts';
import de from '../../i18n/locales/de.json';
import documentsDe from '../../features/documents/documents.de.json';
import documentsEn from '../../features/documents/documents.en.json';
import en from '../../i18n/locales/en.json';
import invoicesDe from '../../features/accounting/accounting.de.json';
import invoicesEn from '../../features/accounting/accounting.en.json';
import { changeLabel, changeValue, distinctChanges, EXTRACTED_FIELD_NAMES, fieldName, NESTED_PARTS, RECORD_FIELDS, userName } from './describe-change';

function translator(texts: Record<string, unknown>) {
  return (key: string, options: Record<string, unknown> = {}): string => {
    const count = options.count;
    const lookup = (k: string) =>
      k.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);
    const found = (typeof count === 'number' ? lookup(`${key}_${count === 1 ? 'one' : 'other'}`) : undefined) ?? lookup(key);
    if (typeof found !== 'string') return (options.defaultValue as string | undefined) ?? key;
    return found.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options[k] ?? ''));
  };
}
const tDe = translator({ ...de, invoices: invoicesDe, documents: documentsDe });
const tEn = translator({ ...en, invoices: invoicesEn, documents: documentsEn });
const t = tDe;

const party: Required<Party> = { name: 'Moser GmbH', street: 'Hauptstr. 1', postcode: '1010', city: 'Wien', country: 'AT', vat_id: 'ATU12345678' };
const everyName = <T extends string>(names: readonly T[], value: number) => Object.fromEntries(names.map((n) => [n, value])) as Record<T, number>;

/** A record with every field filled, nested objects included: what the server's diff can show of a document. */
const FULL_RECORD: Required<DocumentRecord> & { extraction_attempt: number } = {
  id: 1,
  client_no: 1001,
  category: 'ER_U',
  title: 'Rechnung',
  file_name: 'r.pdf',
  media_type: 'application/pdf',
  size: 1000,
  sha256: 'ab',
  uploaded_at: '2026-03-07T10:00:00Z',
  uploaded_by: 'u1',
  updated_at: '2026-03-07T10:00:00Z',
  revision: 3,
  flags: 1,
  confirmed: true,
  booked: false,
  locked: false,
  invalid: false,
  deleted: false,
  trashed_at: null,
  purge_after: null,
  problem: null,
  extraction: 'done',
  origin: 2,
  pages: 1,
  page_origins: [2],
  language: 'de',
  invoice_number: 'R-1',
  invoice_date: '2026-03-07',
  due_date: '2026-04-07',
  biller_name: 'Moser',
  recipient_name: 'Demo',
  gross_amount: 119,
  currency: 'EUR',
  fields: {
    document_kind: 'invoice',
    invoice_number: 'R-1',
    invoice_date: '2026-03-07',
    due_date: '2026-04-07',
    biller: party,
    recipient: party,
    currency: 'EUR',
    net_amount: 100,
    tax_amount: 19,
    gross_amount: 119,
    tax_rates: [19],
    tax_breakdown: [{ rate: 19, net: 100, tax: 19 }],
    line_items: [{ description: 'Papier' }],
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    payment_reference: 'R-1',
  },
  field_origins: everyName(EXTRACTED_FIELD_NAMES, 2),
  field_confidence: everyName(EXTRACTED_FIELD_NAMES, 0.9),
  review_fields: ['due_date'],
  einvoice: { syntax: 'CII', profile: 'urn:x', source: 'pdf-attachment', attachment: 'factur-x.xml' },
  text_sha256: 'cd',
  text: 'text',
  lineage: { editorDocumentId: 5, editorRevision: 2, sources: [] },
  derived: [],
  payroll: false,
  payroll_suggested: false,
  words_sha256: 'ef',
  labels: [],
  learned: { supplier_key: 'moser', supplier_name: 'Moser', fields: ['gross_amount'], examples: 3 },
  searchable_pdf: { sha256: 'gh', size: 2000, pages: 1, pdfa: true },
  booking: Object.fromEntries(BOOKING_FIELD_NAMES.map((n) => [n, null])) as unknown as DocumentRecord['booking'],
  booking_origins: everyName(BOOKING_FIELD_NAMES, 9),
  issues: [],
  erp_status: null,
  erp_reason: null,
  confirmed_by: 'u1',
  booked_by: null,
  extraction_attempt: 2,
  einvoice_validity: 'invalid',
  einvoice_validation: {
    valid: false,
    syntax: 'CII',
    customization: 'urn:x',
    profile: 'XRechnung',
    rulesVersion: 'r1',
    validity: 'invalid',
    counts: { fatal: 1, warning: 0, information: 0 },
    validated_at: '2026-03-07T10:00:00Z',
    findings: [{ rule: 'BR-DE-15', severity: 'fatal', location: '/rsm:CrossIndustryInvoice', message: { en: 'x', de: 'x' } }],
  },
  einvoice_confirm_reason: 'Checked by hand',
};

/** The record's fields as the server's diff names them: nested objects as dotted paths, arrays whole. */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k));
}

/** A raw key left in a label: snake_case, camelCase or a missing translation key. */
const RAW = /\b[a-z]+_[a-z0-9_]+\b|\b[a-z]+[A-Z]\w*\b|\binvoices\.|\bdocuments\./;

describe('the audit timeline speaks in words, not internals', () => {
  it('names raw keys by their labels (de)', () => {
    expect(changeLabel('biller_name', t)).toBe('Rechnungssteller');
    expect(changeLabel('erp_reason', t)).toBe('Begründung des Imports');
    expect(changeLabel('booking_origins.gross_amount', t)).toBe('Herkunft: Brutto');
    expect(changeLabel('booking.subject', t)).toBe('Betreff');
    expect(changeLabel('fields.gross_amount', t)).toBe('Erkannt: Brutto');
    expect(changeLabel('fields.biller.city', t)).toBe('Erkannt: Rechnungssteller · Ort');
    expect(changeLabel('field_confidence.due_date', t)).toBe('Sicherheit: Fälligkeit');
    expect(changeLabel('searchable_pdf.pages', t)).toBe('Durchsuchbares PDF · Seiten');
    expect(changeLabel('flags', t)).toBe('Status');
  });

  it.each([
    ['de', tDe],
    ['en', tEn],
  ])('labels every field of a fully filled record without a raw key (%s)', (_locale, translate) => {
    const unlabelled = paths(FULL_RECORD)
      .map((path) => [path, changeLabel(path, translate)] as const)
      .filter(([path, label]) => label === path || RAW.test(label));
    expect(unlabelled).toEqual([]);
  });

  it('names every extracted, booking and labeling field and every nested part in both languages', () => {
    const names = [...EXTRACTED_FIELD_NAMES, ...BOOKING_FIELD_NAMES, ...LABEL_FIELDS, ...Object.keys(NESTED_PARTS)];
    for (const translate of [tDe, tEn]) expect(names.filter((n) => fieldName(n, translate) === n && !Object.keys(NESTED_PARTS).includes(n))).toEqual([]);
    for (const part of Object.keys(NESTED_PARTS)) {
      expect((invoicesEn.audit.parts as Record<string, string>)[part]).toBeTruthy();
      expect((invoicesDe.audit.parts as Record<string, string>)[part]).toBeTruthy();
    }
    for (const field of Object.keys(RECORD_FIELDS).filter((f) => RECORD_FIELDS[f as keyof typeof RECORD_FIELDS] !== 'form')) {
      expect((invoicesEn.audit.labels as Record<string, string>)[field]).toBeTruthy();
      expect((invoicesDe.audit.labels as Record<string, string>)[field]).toBeTruthy();
    }
  });

  it('shows flags, origins, yes/no, dates and amounts in words', () => {
    expect(changeValue('flags', 3, t, 'de')).toBe('Bestätigt, Gebucht');
    expect(changeValue('flags', 0, t, 'de')).toBe('Offen');
    expect(changeValue('booking_origins.gross_amount', ORIGIN.Human_Labeling, t, 'de')).toBe('Person');
    expect(changeValue('field_origins.biller', ORIGIN.RPA_Address_Database, t, 'de')).toBe('Stammdaten');
    expect(changeValue('page_origins', [2, 7], t, 'de')).toBe('PDF, OCR');
    expect(changeValue('confirmed', true, t, 'de')).toBe('ja');
    expect(changeValue('invoice_date', '2026-03-07', t, 'de')).toBe('07.03.2026');
    expect(changeValue('fields.gross_amount', 1234.5, t, 'de')).toBe('1.234,50');
    expect(changeValue('gross_amount', 100, t, 'de')).toBe('100,00');
    expect(changeValue('category', 'ER', t, 'de')).toBe(t('invoices.categories.ER'));
    expect(changeValue('title', undefined, t, 'de')).toBe('∅');
  });

  it('names a group of values compared as one field by how many it holds, never by its keys', () => {
    expect(changeLabel('einvoice.terms', t)).toBe('E-Rechnung · Weitere Angaben der E-Rechnung');
    expect(changeValue('einvoice.terms', { payment: { means_code: '58' }, totals: { line_total: 100 } }, t, 'de')).toBe('2 Einträge');
  });

  it('shows a change once when two fields of the record read alike, and never one from empty to empty', () => {
    const changes = [
      { field: 'invoice_number', old: null, new: 'R-7' },
      { field: 'booking.invoice_number', old: null, new: 'R-7' },
      { field: 'booking.due_date', old: undefined, new: null },
      { field: 'fields.iban', old: '', new: [] },
      { field: 'booking.gross_amount', old: 10, new: 12 },
    ];
    expect(distinctChanges(changes, tEn, 'en').map((c) => c.field)).toEqual(['invoice_number', 'booking.gross_amount']);
  });

  it('shows users by name and never as a user id', () => {
    const users = new Map([['6f1c2b7e-0d9a-4c55-8f61-1d2e3f4a5b6c', 'Anna Berger']]);
    expect(changeValue('confirmed_by', '6f1c2b7e-0d9a-4c55-8f61-1d2e3f4a5b6c', t, 'de', users)).toBe('Anna Berger');
    expect(changeValue('uploaded_by', '00000000-1111-2222-3333-444444444444', t, 'de', users)).toBe('Unbekannter Benutzer');
    expect(changeValue('booked_by', 'system', t, 'de', users)).toBe('System');
    expect(userName('ocr-worker', t)).toBe('Texterkennung');
  });

  it('shows the reading, its findings and fields to check in words (de)', () => {
    expect(changeValue('field_confidence.gross_amount', 0.95, t, 'de')).toBe('95 %');
    expect(changeValue('review_fields', ['due_date', 'iban'], t, 'de')).toBe('Fälligkeit, IBAN');
    expect(changeValue('learned.fields', ['gross_amount', 'biller_vat_id'], t, 'de')).toBe('Brutto, USt-IdNr. des Rechnungsstellers');
    expect(changeValue('issues', [{ field: 'iban', key: 'ibanInvalid', message: 'IBAN invalid', severity: 'warning', blocksConfirm: true }], t, 'de')).toBe(
      'IBAN: IBAN ungültig',
    );
    expect(changeValue('fields.line_items', [{ description: 'a' }, { description: 'b' }], t, 'de')).toBe('2 Einträge');
    expect(changeValue('fields.tax_rates', [19, 7], t, 'de')).toBe('19 %, 7 %');
    expect(changeValue('extraction', 'failed', t, 'de')).toBe('Fehlgeschlagen');
    expect(changeValue('language', 'en', t, 'de')).toBe('English');
    expect(changeValue('einvoice.source', 'pdf-attachment', t, 'de')).toBe('Anhang des PDF');
    expect(changeValue('einvoice_validity', 'invalid', t, 'de')).toBe('Ungültig');
    expect(changeLabel('einvoice_confirm_reason', tEn)).toBe('Reason for confirming an invalid e-invoice');
    expect(changeValue('problem', 'The PDF file is damaged and cannot be read.', t, 'de')).toBe('Die PDF-Datei ist beschädigt und kann nicht gelesen werden.');
  });
});
