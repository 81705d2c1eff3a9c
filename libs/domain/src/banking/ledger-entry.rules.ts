import { invalid } from '../shared/domain-error';
import { ledgerPeriodOf, type LedgerEntry } from './bank-ledger.events';
import { checkDate } from './money.rules';

/** A booked or pending entry as the ledger takes it: dates, whole cents, key and id, an ISO 4217 currency; within `period` when given. */
export function checkEntry(entry: LedgerEntry, period: string | null): void {
  checkDate(entry.bookingDate, 'booking date');
  if (entry.valueDate !== null) checkDate(entry.valueDate, 'value date');
  if (period !== null && ledgerPeriodOf(entry.bookingDate) !== period) throw invalid(`Entry ${entry.key} is booked outside ${period}.`);
  if (!Number.isSafeInteger(entry.amountCents)) throw invalid(`Entry ${entry.key}: the amount must be whole cents.`);
  if (entry.key.trim() === '' || entry.id.trim() === '') throw invalid('Every entry needs a key and an id.');
  if (!/^[A-Z]{3}$/.test(entry.currency)) throw invalid(`Entry ${entry.key}: currency must be an ISO 4217 code.`);
}
