import type { DomainEvent } from '../shared/decider';

/** Document category codes: ER_U=1, AR_U=2, ER=3, AR=4, KA=5, Other=6, FullText=7, Deleted=8, Latest=9. */
export const DOCUMENT_CATEGORY_CODES = { ER_U: 1, AR_U: 2, ER: 3, AR: 4, KA: 5, Other: 6, FullText: 7, Deleted: 8, Latest: 9 } as const;

export interface CategoryDefinition {
  id: number;
  code: string;
  name: { en: string; de: string };
  sort: number;
}

export type DocumentCategoryDefined = DomainEvent<'DocumentCategoryDefined', CategoryDefinition>;
export type CatalogEvent = DocumentCategoryDefined;

export const CATALOG_STREAM_ID = 'catalog-document-categories';

export const DEFAULT_DOCUMENT_CATEGORIES: CategoryDefinition[] = [
  { id: 1, code: 'ER_U', name: { en: 'Incoming invoices (unconfirmed)', de: 'Eingangsrechnungen (unbestätigt)' }, sort: 1 },
  { id: 2, code: 'AR_U', name: { en: 'Outgoing invoices (unconfirmed)', de: 'Ausgangsrechnungen (unbestätigt)' }, sort: 2 },
  { id: 3, code: 'ER', name: { en: 'Incoming invoices', de: 'Eingangsrechnungen' }, sort: 3 },
  { id: 4, code: 'AR', name: { en: 'Outgoing invoices', de: 'Ausgangsrechnungen' }, sort: 4 },
  { id: 5, code: 'KA', name: { en: 'Cash book', de: 'Kassabuch' }, sort: 5 },
  { id: 6, code: 'Other', name: { en: 'Other documents', de: 'Sonstige Belege' }, sort: 6 },
  { id: 7, code: 'FullText', name: { en: 'Full-text search', de: 'Volltextsuche' }, sort: 7 },
  { id: 8, code: 'Deleted', name: { en: 'Trash', de: 'Papierkorb' }, sort: 8 },
  { id: 9, code: 'Latest', name: { en: 'Latest', de: 'Neueste' }, sort: 9 },
];
