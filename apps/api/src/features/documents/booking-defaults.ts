import { bookingFill, type BookingDefaults, type DocumentBookingFields, type PersonAccount } from '@portal/contracts';
import { ACC_PERSON_ACCOUNTS, COMPANY_SETTINGS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

/** Outgoing invoices book a customer (type 2 or 4), every other document a supplier (type 3 or 4). */
const personTypesOf = (category: string) => (category === 'AR' || category === 'AR_U' ? [2, 4] : [3, 4]);

const sameName = (a: string | null, b: string) => a !== null && a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/**
 * The person account master data holds for the document's partner: the same IBAN first, else the same
 * name; the newest accounting period wins. Null when none or more than one account fit.
 */
export function personAccountOf(booking: DocumentBookingFields, category: string, accounts: readonly PersonAccount[]): string | null {
  const partner = category === 'AR' || category === 'AR_U' ? booking.recipient : booking.biller;
  const byIban = booking.iban === null ? [] : accounts.filter((a) => a.iban === booking.iban);
  const fitting = byIban.length > 0 ? byIban : accounts.filter((a) => sameName(partner, a.name));
  const distinct = [...new Set(fitting.map((a) => a.account))];
  return distinct.length === 1 ? distinct[0]! : null;
}

/** What settings (the client's default expense account) and master data (the partner's account) fill before booking. */
export async function bookingFillOf(
  store: Pick<ReadStore, 'get' | 'find'>,
  doc: { client_no: number; category: string; booking: DocumentBookingFields },
): Promise<Partial<DocumentBookingFields>> {
  const b = doc.booking;
  if (b.expense_account !== null && b.supplier_account !== null) return {};
  const settings = await store.get(COMPANY_SETTINGS, doc.client_no);
  const accounts =
    b.supplier_account !== null
      ? []
      : (
          await store.find(ACC_PERSON_ACCOUNTS, {
            where: { client_no: doc.client_no, type: { $in: personTypesOf(doc.category) } },
            sort: [['accounting', -1]],
            skip: 0,
            limit: 5000,
          })
        ).data;
  const known: BookingDefaults = {
    defaultExpenseAccount: settings?.default_expense_account ?? null,
    personAccount: personAccountOf(b, doc.category, accounts),
  };
  return bookingFill(b, known);
}
