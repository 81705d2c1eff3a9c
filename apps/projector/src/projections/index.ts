import type { Projection } from '../runtime/projection';
import { bankingProjection } from './banking.projection';
import { accPeriodsProjection } from './acc-periods.projection';
import { companiesProjection } from './companies.projection';
import { companySettingsProjection } from './company-settings.projection';
import { documentCategoriesProjection } from './document-categories.projection';
import { usersProjection } from './users.projection';
import { userPreferencesProjection } from './user-preferences.projection';
import { portalConfigProjection } from './portal-config.projection';
import { documentsProjection } from './documents.projection';
import { accountingMasterDataProjection } from './accounting-master-data.projection';
import { exportJobsProjection } from './export-jobs.projection';
import { addressesProjection } from './addresses.projection';
import { rpaErrorsProjection } from './rpa-errors/rpa-errors.projection';
import { fonQuotaProjection } from './fon/fon-quota.projection';
import { fonAdminProjection } from './fon/fon-admin.projection';
import { openItemsProjection } from './open-items.projection';
import { reportLedgerProjectionDefault } from './report-ledger.projection';
import { responsibilitiesProjection } from './responsibilities.projection';
import { svAccountsProjection } from './sv-accounts.projection';
import { editorDocumentsProjection } from './editor-documents.projection';
import { scannersProjection } from './scanners.projection';
import { supplierModelsProjection } from './supplier-models.projection';

export { COMPANIES } from './companies.projection';
export { COMPANY_SETTINGS } from './company-settings.projection';
export { ACC_PERIODS } from './acc-periods.projection';
export { USERS } from './users.projection';
export { USER_PREFERENCES } from './user-preferences.projection';
export { DOCUMENT_CATEGORIES } from './document-categories.projection';
export { PORTAL_CONFIG } from './portal-config.projection';
export { DOCUMENTS } from './documents.projection';
export { ACC_EXPENSE_ACCOUNTS, ACC_COST_CENTRES, ACC_BOOKS, ACC_PERSON_ACCOUNTS } from './accounting-master-data.projection';
export { EXPORT_JOBS } from './export-jobs.projection';
export { OPEN_ITEMS, openItemsProjection } from './open-items.projection';
export { OPEN_ITEM_DUE_TOTALS } from './open-item-due-totals';
export { RESPONSIBILITIES } from './responsibilities.projection';
export { REPORT_FACTS, REPORT_SNAPSHOTS, REPORT_HEADS, SNAPSHOT_EVERY, reportLedgerProjection, ledgerFromFacts } from './report-ledger.projection';
export { SV_ACCOUNTS, SV_TRANSACTIONS, SV_INTEREST_RATES } from './sv-accounts.projection';
export type { StoredSvAccount } from './sv-accounts.projection';
export { EDITOR_DOCUMENTS } from './editor-documents.projection';
export { SCANNERS, SCANNER_REFUSALS, SCANNER_SECRETS } from './scanners.projection';
export { BANK_ACCOUNTS, BANK_ACCESSES, BANK_TRANSACTIONS, BANK_ACCOUNT_DAYS, BANK_IMPORTS } from './banking.projection';
export { ADDRESSES, ADDRESS_SEARCH, ADDRESS_RPA_EVENTS, RPA_ADDRESS_KEYS } from './addresses.projection';
export { RPA_ERRORS, rpaErrorsProjectionOf } from './rpa-errors/rpa-errors.projection';
export type { FailureSource, FailureOutcome } from './rpa-errors/failure-source';
export { FON_QUOTA_ITEMS, FON_CONFLICTS, FON_QUOTA_COUNTS, FON_QUOTA_FILINGS, fonQuotaProjection } from './fon/fon-quota.projection';
export type { QuotaCounts, QuotaFilings } from './fon/quota-counts';
export { readLateKey } from './fon/quota-counts';
export { presentItem as presentFonQuotaItem } from './fon/quota-item';
export { FON_FIRMS, FON_USERS, FON_IMPORTS, CASH_REGISTERS, SEALED_SECRETS, fonAdminProjection } from './fon/fon-admin.projection';
export type { StoredImport as StoredFonImport } from './fon/fon-admin.projection';
export type { RpaAddressKey, AddressRpaEvent } from './addresses.projection';
export { SUPPLIER_MODELS } from './supplier-models.projection';

/** Every read model of the portal; the projector runs them all, replay rebuilds them all. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  companiesProjection,
  companySettingsProjection,
  accPeriodsProjection,
  usersProjection,
  userPreferencesProjection,
  documentCategoriesProjection,
  portalConfigProjection,
  documentsProjection,
  accountingMasterDataProjection,
  exportJobsProjection,
  addressesProjection,
  rpaErrorsProjection,
  fonQuotaProjection,
  fonAdminProjection,
  openItemsProjection,
  reportLedgerProjectionDefault,
  responsibilitiesProjection,
  svAccountsProjection,
  editorDocumentsProjection,
  scannersProjection,
  bankingProjection,
  supplierModelsProjection,
];
