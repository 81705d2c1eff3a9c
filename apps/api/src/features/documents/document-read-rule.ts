import { hasPermission, mayAccessClient, type User } from '@portal/contracts';

/** Who may read documents at all (any of these). */
export const DOCUMENT_READERS = ['doc', 'lar', 'app', 'acc', 'exp'] as const;
/** Outgoing invoices are shown only to users with lar (or accounting staff, or administrators). */
export const OUTGOING_READERS = ['lar', 'acc', 'exp', 'adm'] as const;
export const OUTGOING_CATEGORIES: readonly string[] = ['AR_U', 'AR'];

/** The one read rule of a single document, for `get` and for the file download alike. */
export function mayReadDocument(user: User, doc: { client_no: number; category: string }): boolean {
  if (!hasPermission(user, ...DOCUMENT_READERS) || !mayAccessClient(user, doc.client_no)) return false;
  return !OUTGOING_CATEGORIES.includes(doc.category) || hasPermission(user, ...OUTGOING_READERS);
}
