import { call } from '../../harness/clients';
import { none, type MatrixFeature } from './matrix-types';

const ids = { kept: 0, removed: 0 };

/** addresses, address-history, company-register: administrators only (spec §6: the Admin group needs adm). */
export const addressesMatrix: MatrixFeature = {
  name: 'addresses',
  async prepare(admin) {
    for (const key of ['kept', 'removed'] as const) {
      const [error, created] = await call(admin, 'create', ['addresses', { name: `Matrix ${key} GmbH`, country: 'AT' }, {}]);
      if (error) throw new Error(`matrix: creating an address failed: ${error.message}`);
      ids[key] = (created as { id: number }).id;
    }
  },
  // prettier-ignore
  rows: [
    { service: 'addresses', method: 'find',   gate: ['adm'], scope: 'firm', call: () => [{ $limit: 5 }] },
    { service: 'addresses', method: 'get',    gate: ['adm'], scope: 'firm', call: () => [ids.kept, {}] },
    { service: 'addresses', method: 'create', gate: ['adm'], scope: 'firm', call: (t) => [{ name: `Matrix ${t.year} KG` }, {}] },
    { service: 'addresses', method: 'patch',  gate: ['adm'], scope: 'firm', call: () => [ids.kept, { place: 'Wels' }, {}] },
    { service: 'addresses', method: 'remove', gate: ['adm'], scope: 'firm', call: () => [ids.removed, {}] },
    ...none('addresses', 'update'),
    { service: 'address-history', method: 'find', gate: ['adm'], scope: 'firm', call: () => [{ address_id: ids.kept }] },
    ...none('address-history', 'get', 'create', 'update', 'patch', 'remove'),
    { service: 'company-register', method: 'find', gate: ['adm'], scope: 'firm', call: () => [{ q: 'Matrix' }] },
    ...none('company-register', 'get', 'create', 'update', 'patch', 'remove'),
  ],
};
