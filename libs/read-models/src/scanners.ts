import type { ScannerRecord } from '@portal/contracts';
import type { CollectionSpec, Doc } from '@portal/read-store';
import { collection } from './collection';

export const SCANNERS = collection<ScannerRecord>('scanners');
export const SCANNER_REFUSALS = collection<Doc>('scanner_refusals');
/** The hash of each scanner's secret, for the intake to check; no service serves this collection. */
export const SCANNER_SECRETS = collection<{ id: string; secret_hash: string }>('scanner_secrets');

export const SCANNER_COLLECTIONS: readonly CollectionSpec[] = [
  { name: SCANNERS, indexes: [['name'], ['client_no']] },
  { name: SCANNER_REFUSALS, indexes: [['at'], ['scanner_id', 'at'], ['client_no', 'at']] },
  { name: SCANNER_SECRETS, indexes: [] },
];
