import type { CollectionSpec } from '@portal/read-store';

export const BANK_ACCOUNTS = 'bank_accounts';
export const BANK_ACCESSES = 'bank_accesses';
export const BANK_TRANSACTIONS = 'bank_transactions';
/** Per account and booking day: the sum and count of booked transactions (balance series, balances). */
export const BANK_ACCOUNT_DAYS = 'bank_account_days';
export const BANK_IMPORTS = 'bank_imports';

export const BANKING_COLLECTIONS: readonly CollectionSpec[] = [
  { name: BANK_ACCOUNTS, indexes: [['client_no', 'archived'], ['access_id']] },
  { name: BANK_ACCESSES, indexes: [['client_no', 'valid_until'], ['valid_until']] },
  {
    name: BANK_TRANSACTIONS,
    indexes: [['account_id', 'booking_date'], ['client_no', 'account_id', 'booking_date'], ['client_no', 'booking_date'], ['client_no', 'match_status', 'booking_date'], ['account_id', 'status'], ['import_id']],
    fullText: ['counterparty_name', 'remittance', 'search_refs'],
  },
  { name: BANK_ACCOUNT_DAYS, indexes: [['account_id', 'date']] },
  { name: BANK_IMPORTS, indexes: [['client_no', 'imported_at']] },
];
