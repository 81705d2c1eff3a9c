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

export { openItemsProjection } from './open-items.projection';
export { SNAPSHOT_EVERY, reportLedgerProjection, ledgerFromFacts } from './report-ledger.projection';
export { rpaErrorsProjectionOf } from './rpa-errors/rpa-errors.projection';
export type { FailureSource, FailureOutcome } from './rpa-errors/failure-source';
export { fonQuotaProjection } from './fon/fon-quota.projection';
export { fonAdminProjection } from './fon/fon-admin.projection';

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
