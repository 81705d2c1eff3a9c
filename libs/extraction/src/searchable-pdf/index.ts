export { writeSearchablePdf } from './write-searchable-pdf';
export type { SearchablePage, SearchablePdf } from './write-searchable-pdf';
export { searchablePdfOf } from './searchable-pdf-of';
