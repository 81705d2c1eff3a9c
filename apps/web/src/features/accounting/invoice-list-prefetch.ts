import type { FilingCategoryCode } from '@portal/contracts';
import type { RootStore } from '../../stores/RootStore';
import { invoiceType, tabOf } from './invoice-route';

/** One page is enough for a work queue; the total shows when there are more. */
const INVOICE_LIST_LIMIT = 500;

/** The accounting screen's list of one client and tab, newest first. */
export function invoiceListQuery(client: number, tab: FilingCategoryCode): Record<string, unknown> {
  return { tab, client_no: client, $sort: { uploaded_at: -1 }, $limit: INVOICE_LIST_LIMIT };
}

/**
 * When the page opens on `/invoices/{client}/{document_type?}/{document_id?}`, the list is requested together
 * with the shell's data (it waits on the connection for its authentication), and the screen takes it when it opens.
 */
export function prefetchInvoiceList(root: Pick<RootStore, 'client' | 'prefetched'>, location: { pathname: string }): void {
  const match = /^\/invoices\/([1-9]\d*)(?:\/([^/]+))?(?:\/\d+)?\/?$/.exec(location.pathname);
  if (!match) return;
  root.prefetched.find(root.client, 'documents', invoiceListQuery(Number(match[1]), tabOf(invoiceType(match[2]))));
}
