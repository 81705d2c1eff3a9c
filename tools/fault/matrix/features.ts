import { accountMatrix } from './account.matrix';
import { svToolMatrix } from './sv-tool.matrix';
import { editorMatrix } from './editor.matrix';
import { scannersMatrix } from './scanners.matrix';
import { bankingMatrix } from './banking.matrix';
import type { MatrixFeature } from './matrix-types';
import { REPORTS_MATRIX } from './reports.matrix';
import { userAdminMatrix } from './user-admin.matrix';
import { LABELS_MATRIX } from './labels.matrix';
import { addressesMatrix } from './addresses.matrix';
import { rpaErrorsMatrix } from './rpa-errors.matrix';
import { fonMatrix } from './fon.matrix';
import { einvoicesMatrix } from './einvoices.matrix';
import { portalConfigMatrix } from './portal-config.matrix';

/** The authorization-matrix rows of each feature, kept beside the feature (`<feature>.matrix.ts`). */
export const MATRIX_FEATURES: MatrixFeature[] = [
  accountMatrix,
  REPORTS_MATRIX,
  svToolMatrix,
  userAdminMatrix,
  editorMatrix,
  scannersMatrix,
  bankingMatrix,
  addressesMatrix,
  rpaErrorsMatrix,
  LABELS_MATRIX,
  fonMatrix,
  einvoicesMatrix,
  portalConfigMatrix,
];
