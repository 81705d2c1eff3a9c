import { accountMatrix } from '../../features/account/account.matrix';
import { svToolMatrix } from '../../features/sv-tool/sv-tool.matrix';
import { editorMatrix } from '../../features/editor/editor.matrix';
import { scannersMatrix } from '../../features/scanners/scanners.matrix';
import { bankingMatrix } from '../../features/banking/banking.matrix';
import type { MatrixFeature } from './matrix-types';
import { REPORTS_MATRIX } from '../../features/reports/reports.matrix';
import { idpUsersMatrix } from '../../features/idp-users/idp-users.matrix';
import { LABELS_MATRIX } from '../../features/documents/labels.matrix';
import { addressesMatrix } from '../../features/addresses/addresses.matrix';
import { rpaErrorsMatrix } from '../../features/rpa-errors/rpa-errors.matrix';
import { fonMatrix } from '../../features/fon/fon.matrix';

/** The authorization-matrix rows of each feature, kept beside the feature (`<feature>.matrix.ts`). */
export const MATRIX_FEATURES: MatrixFeature[] = [accountMatrix, REPORTS_MATRIX, svToolMatrix, idpUsersMatrix, editorMatrix, scannersMatrix, bankingMatrix, addressesMatrix, rpaErrorsMatrix, LABELS_MATRIX, fonMatrix];
