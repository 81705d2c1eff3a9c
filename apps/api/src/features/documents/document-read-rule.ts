import { hasPermission, mayAccessClient, NotFound, type Permission, type User, type Where } from '@portal/contracts';

/**
 * Who sees which document: the one rule every documents route, service, search, count and pushed event
 * uses. Readers see their clients' documents; outgoing invoices only with lar or accounting permissions;
 * payroll documents only with dpv: without it a payroll document does not exist for the user (404, not
 * listed, not counted, not pushed).
 */
/** Who may read documents at all (any of these). */
export const DOCUMENT_READERS: Permission[] = ['doc', 'lar', 'app', 'acc', 'exp'];
/** Outgoing invoices are shown only to users with lar (or accounting staff, or administrators). */
export const OUTGOING_READERS: Permission[] = ['lar', 'acc', 'exp', 'adm'];
export const OUTGOING_CATEGORIES: readonly string[] = ['AR_U', 'AR'];

export const documentNotFound = () => NotFound('document does not exist or access denied');

export const maySeePayroll = (user: User) => hasPermission(user, 'dpv');
/** The audience of a presentation that differs only in what payroll it shows (Mirror.audienceOf). */
export const payrollAudience = (user: User): string => (maySeePayroll(user) ? 'payroll' : 'no-payroll');

/** The payroll part of the rule, for every record that carries a document's payroll mark (working copies, export jobs, bank matches). */
export const payrollScope = (user: User): Where | null => (maySeePayroll(user) ? null : { payroll: { $ne: true } });
export const mayReadPayrollMarked = (user: User, record: { readonly payroll?: unknown }): boolean => record.payroll !== true || maySeePayroll(user);

/** The filter a document query adds for this user (null: nothing to add). */
export function documentScope(user: User): Where | null {
  const parts: Where[] = [];
  if (!user.all_clients) parts.push({ client_no: { $in: user.klienten_array } });
  if (!hasPermission(user, ...OUTGOING_READERS)) parts.push({ category: { $nin: [...OUTGOING_CATEGORIES] } });
  const payroll = payrollScope(user);
  if (payroll) parts.push(payroll);
  return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : { $and: parts };
}

/** The one read rule of a single document: gets, downloads, pushed changes, the audit timeline. */
export function mayReadDocument(
  user: User,
  doc: { readonly id: string | number; readonly client_no?: unknown; readonly category?: unknown; readonly payroll?: unknown },
): boolean {
  if (!hasPermission(user, ...DOCUMENT_READERS) || typeof doc.client_no !== 'number' || !mayAccessClient(user, doc.client_no)) return false;
  if (!mayReadPayrollMarked(user, doc)) return false;
  return !OUTGOING_CATEGORIES.includes(doc.category as string) || hasPermission(user, ...OUTGOING_READERS);
}
