import type { LedgerEntry } from '../src/banking/bank-ledger.events';

/** A booked entry of `amountCents` with the given key (its id `t-<key>`), for decider specs. */
export const ledgerEntry = (key: string, amountCents: number, bookingDate = '2026-03-05'): LedgerEntry => ({
  id: `t-${key}`,
  key,
  bookingDate,
  valueDate: bookingDate,
  amountCents,
  currency: 'EUR',
  reversal: false,
  counterpartyName: 'Gasthof Post',
  counterpartyIban: null,
  counterpartyBic: null,
  remittance: 'RE 2026-0042',
  reference: null,
  endToEndId: null,
  mandateId: null,
  bankReference: key,
  bankCode: null,
  batchRef: null,
});
