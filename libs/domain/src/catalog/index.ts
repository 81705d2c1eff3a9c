export { catalogDecider } from './catalog.decide';
export type { CatalogCommand, DefineDocumentCategories } from './catalog.decide';
export { CATALOG_STREAM_ID, DEFAULT_DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_CODES } from './catalog.events';
export type { CatalogEvent, CategoryDefinition, DocumentCategoryDefined } from './catalog.events';
export type { CatalogState } from './catalog.state';
