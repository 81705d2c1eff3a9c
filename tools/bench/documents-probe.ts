import type { Socket } from 'socket.io-client';
import { call } from '../harness/clients';

/**
 * Everything the benchmarks assume about the documents service, in one place to adapt:
 * its path, the list query (filter, sort, page) and the full-text search parameter.
 */
export const DOCUMENTS_PATH = 'documents';

export const PENDING_DOCUMENTS = 'pending: documents service not available';

/** true when the gateway knows the service (a missing one answers BadRequest "Service 'documents' not found"). */
export async function documentsAvailable(socket: Socket): Promise<boolean> {
  const [error] = await call(socket, 'find', [DOCUMENTS_PATH, { $limit: 0 }]);
  return !(error && error.name === 'BadRequest' && /not found/i.test(error.message));
}

/** Number of documents the signed-in user sees. */
export async function documentCount(socket: Socket): Promise<number> {
  const [error, page] = await call(socket, 'find', [DOCUMENTS_PATH, { $limit: 0 }]);
  if (error) throw new Error(`documents count: ${error.name} ${error.message}`);
  return (page as { total: number }).total;
}

/** A document-list page: one client's documents of a category, sorted, paged. */
export function listQuery(clientNo: number, page: number): Record<string, unknown> {
  return { client_no: clientNo, category: 'ER_U', $sort: { uploaded_at: -1 }, $limit: 50, $skip: page * 50 };
}

/** A full-text search (the service's `search` parameter), first page. */
export function searchQuery(text: string): Record<string, unknown> {
  return { search: text, $limit: 50 };
}

export const SEARCH_WORDS = ['Rechnung', 'Miete', 'Strom', 'Telekom', 'Reparatur', 'Beratung', 'Lieferung', 'invoice', 'Wartung', 'Versicherung'];
