export { liveLedger, ledgerAsOf } from './ledger-as-of';
export type { AsOf } from './ledger-as-of';
