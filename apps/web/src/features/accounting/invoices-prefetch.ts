import type { FilingCategoryCode } from '@portal/contracts';
import type { RootStore } from '../../stores/RootStore';
import { prefetchKey } from '../documents/documents-prefetch';
import { invoiceType, tabOf } from './invoice-route';

/** One page is enough for a work queue; the total shows when there are more. */
export const INVOICE_LIST_LIMIT = 500;

/** The request of a client's list of one type (the work screen's list, newest first). */
export function invoiceListQuery(client: number, tab: FilingCategoryCode): Record<string, unknown> {
  return { tab, client_no: client, $sort: { uploaded_at: -1 }, $limit: INVOICE_LIST_LIMIT };
}

/**
 * When the page opens on `/invoices/{client}[/{type}[/{id}]]`, the list is requested together with the shell's
 * data (it waits on the connection for its authentication) instead of after the company list, the route's code
 * and the screen's first render; the list takes the answer when it opens.
 */
export function prefetchInvoices(root: Pick<RootStore, 'client' | 'prefetched'>, location: { pathname: string }): void {
  const match = /^\/invoices\/([1-9]\d*)(?:\/([A-Za-z_]+)(?:\/\d+)?)?\/?$/.exec(location.pathname);
  if (!match) return;
  const query = invoiceListQuery(Number(match[1]), tabOf(invoiceType(match[2])));
  root.prefetched.put(prefetchKey(query), root.client.service('documents').find(query));
}
