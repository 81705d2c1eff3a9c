export { collection, put, putBuilt, remove } from './collection';
export type { ChangeIntent } from './collection';
export { READ_MODEL_COLLECTIONS, collectionSpecs } from './collections';
export { COMPANIES, COMPANY_SETTINGS, ACC_PERIODS } from './companies';
export { USERS, USER_PREFERENCES, DOCUMENT_CATEGORIES, PORTAL_CONFIG, RESPONSIBILITIES } from './portal';
export type { StoredUser } from './portal';
export { DOCUMENTS, EDITOR_DOCUMENTS, SUPPLIER_MODELS, EXPORT_JOBS } from './documents';
export type { StoredDocument } from './documents';
export {
  ACC_EXPENSE_ACCOUNTS,
  ACC_COST_CENTRES,
  ACC_BOOKS,
  ACC_PERSON_ACCOUNTS,
  OPEN_ITEMS,
  OPEN_ITEM_DUE_TOTALS,
  REPORT_FACTS,
  REPORT_SNAPSHOTS,
  REPORT_HEADS,
} from './accounting';
export type { StoredOpenItem, OpenItemDueTotal, ReportHead, ReportSnapshot, Touched } from './accounting';
export { ADDRESSES, ADDRESS_SEARCH, ADDRESS_SEARCHED_FIELDS, RPA_ADDRESS_KEYS, ADDRESS_RPA_EVENTS, RPA_ERRORS } from './addresses';
export type { StoredAddress, AddressRpaEvent, RpaAddressKey } from './addresses';
export { BANK_ACCOUNTS, BANK_ACCESSES, BANK_TRANSACTIONS, BANK_ACCOUNT_DAYS, BANK_IMPORTS } from './banking';
export type { StoredBankAccess, StoredBankImport, StoredBankTransaction, BankAccountDay } from './banking';
export {
  FON_FIRMS,
  FON_USERS,
  FON_IMPORTS,
  CASH_REGISTERS,
  SEALED_SECRETS,
  FON_QUOTA_ITEMS,
  FON_CONFLICTS,
  FON_QUOTA_COUNTS,
  FON_QUOTA_FILINGS,
  presentFonQuotaItem,
  lateKeyOf,
  readLateKey,
} from './fon';
export type { StoredFonImport, StoredFonQuotaItem, Contribution, QuotaCounts, QuotaFilings } from './fon';
export { SCANNERS, SCANNER_REFUSALS, SCANNER_SECRETS } from './scanners';
export { SV_ACCOUNTS, SV_TRANSACTIONS, SV_INTEREST_RATES } from './sv-tool';
export type { StoredSvAccount } from './sv-tool';
