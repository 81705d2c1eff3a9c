import { DOCUMENT_TABS, type DocumentTab } from '@portal/contracts';
import type { RootStore } from '../../stores/RootStore';
import { DEFAULT_SORT, viewQuery, type DocumentView } from './document-view';

/** The first request of a view asks for one screen of rows, so they show at once; the rest follows on demand. */
export const FIRST_PAGE_SIZE = 100;

export function firstPageQuery(view: DocumentView): Record<string, unknown> {
  return { ...viewQuery(view), $skip: 0, $limit: FIRST_PAGE_SIZE };
}

/**
 * When the page opens on `/documents/{client}[?tab=…]`, the first rows are requested together with the
 * shell's data (they wait on the connection for its authentication), and the list takes them when it opens.
 */
export function prefetchDocuments(root: Pick<RootStore, 'client' | 'prefetched'>, location: { pathname: string; search: string }): void {
  const match = /^\/documents\/([1-9]\d*)\/?$/.exec(location.pathname);
  if (!match) return;
  const param = new URLSearchParams(location.search).get('tab') ?? 'ER_U';
  if (!(DOCUMENT_TABS as readonly string[]).includes(param) || param === 'FullText') return;
  const query = firstPageQuery({ clientNo: Number(match[1]), tab: param as DocumentTab, filters: {}, sort: DEFAULT_SORT, search: '' });
  root.prefetched.find(root.client, 'documents', query);
}
