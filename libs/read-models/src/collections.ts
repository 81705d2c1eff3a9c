import type { CollectionSpec } from '@portal/read-store';
import { ACCOUNTING_COLLECTIONS } from './accounting';
import { ADDRESS_COLLECTIONS } from './addresses';
import { BANKING_COLLECTIONS } from './banking';
import { COMPANY_COLLECTIONS } from './companies';
import { DOCUMENT_COLLECTIONS } from './documents';
import { FON_COLLECTIONS } from './fon';
import { PORTAL_COLLECTIONS } from './portal';
import { SCANNER_COLLECTIONS } from './scanners';
import { SV_COLLECTIONS } from './sv-tool';

/**
 * Every read model the apps read, with the indexes their queries need. The projections write them (and keep a
 * few collections of their own besides); an app that only reads ensures these exist before its first read.
 */
export const READ_MODEL_COLLECTIONS: readonly CollectionSpec[] = [
  ...COMPANY_COLLECTIONS,
  ...PORTAL_COLLECTIONS,
  ...DOCUMENT_COLLECTIONS,
  ...ACCOUNTING_COLLECTIONS,
  ...ADDRESS_COLLECTIONS,
  ...BANKING_COLLECTIONS,
  ...FON_COLLECTIONS,
  ...SCANNER_COLLECTIONS,
  ...SV_COLLECTIONS,
];

/** The specs of these read models, for the projection that writes them. */
export function collectionSpecs(...names: readonly string[]): CollectionSpec[] {
  return names.map((name) => {
    const spec = READ_MODEL_COLLECTIONS.find((c) => c.name === name);
    if (!spec) throw new Error(`'${name}' is not a read model of @portal/read-models`);
    return spec;
  });
}
