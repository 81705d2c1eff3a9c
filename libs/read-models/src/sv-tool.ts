import type { SvAccount, SvInterestRate, SvTransaction } from '@portal/contracts';
import type { CollectionSpec } from '@portal/read-store';
import { collection } from './collection';

/** The stored part of an account; saldo, arrears and interest are computed by the service for the day asked. */
export type StoredSvAccount = Omit<SvAccount, 'saldo' | 'arrears' | 'interest_to_date' | 'to_pay_today' | 'as_of' | 'warnings'>;

export const SV_ACCOUNTS = collection<StoredSvAccount>('sv_accounts');
export const SV_TRANSACTIONS = collection<SvTransaction>('sv_transactions');
export const SV_INTEREST_RATES = collection<SvInterestRate>('sv_interest_rates');

export const SV_COLLECTIONS: readonly CollectionSpec[] = [
  { name: SV_ACCOUNTS, indexes: [['company_no', 'kontonr']] },
  {
    name: SV_TRANSACTIONS,
    indexes: [
      ['account_id', 'buchungsDatum'],
      ['company_no', 'account_id'],
    ],
  },
  { name: SV_INTEREST_RATES, indexes: [] },
];
