import type { CollectionSpec } from '@portal/read-store';

export const SCANNERS = 'scanners';
export const SCANNER_REFUSALS = 'scanner_refusals';
/** The hash of each scanner's secret, for the intake to check; no service serves this collection. */
export const SCANNER_SECRETS = 'scanner_secrets';

export const SCANNER_COLLECTIONS: readonly CollectionSpec[] = [
  { name: SCANNERS, indexes: [['name'], ['client_no']] },
  { name: SCANNER_REFUSALS, indexes: [['at'], ['scanner_id', 'at'], ['client_no', 'at']] },
  { name: SCANNER_SECRETS, indexes: [] },
];
