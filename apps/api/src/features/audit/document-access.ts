import { hasPermission, mayAccessClient, NotFound, type Permission, type User } from '@portal/contracts';
import type { Doc } from '@portal/read-store';

/*
 * The documents service's visibility rule (apps/api/src/features/documents/documents.service.ts):
 * readers of documents see their clients' documents; outgoing invoices only with lar or accounting
 * permissions. Kept in step by hand until that rule is exported from one shared place.
 */
export const DOCUMENT_READERS: Permission[] = ['doc', 'lar', 'app', 'acc', 'exp'];
const OUTGOING_READERS: Permission[] = ['lar', 'acc', 'exp', 'adm'];
const OUTGOING = ['AR_U', 'AR'];

export const documentNotFound = () => NotFound('document does not exist or access denied');

export function mayReadDocument(user: User, record: Doc): boolean {
  if (typeof record.client_no !== 'number' || !mayAccessClient(user, record.client_no)) return false;
  return hasPermission(user, ...OUTGOING_READERS) || !OUTGOING.includes(record.category as string);
}
