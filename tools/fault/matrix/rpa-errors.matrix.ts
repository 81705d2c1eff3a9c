import { call } from '../../harness/clients';
import { none, type MatrixFeature } from './matrix-types';

const target = { id: '' };

/** rpa-errors: administrators only (the Admin group needs adm). */
export const rpaErrorsMatrix: MatrixFeature = {
  name: 'rpa-errors',
  async prepare(admin) {
    const [error, page] = await call(admin, 'find', ['rpa-errors', { status: 'open', kind: 'extraction_broken', $limit: 1 }]);
    if (error) throw new Error(`matrix: listing automation errors failed: ${error.message}`);
    target.id = (page as { data: Array<{ id: string }> }).data[0]?.id ?? 'none';
  },
  // prettier-ignore
  rows: [
    { service: 'rpa-errors', method: 'find',  gate: ['adm'], scope: 'firm', call: () => [{ status: 'open', $limit: 5 }] },
    { service: 'rpa-errors', method: 'get',   gate: ['adm'], scope: 'firm', call: () => [target.id, {}] },
    { service: 'rpa-errors', method: 'patch', gate: ['adm'], scope: 'firm', note: 'resolve', call: () => [target.id, { action: 'resolve', remark: 'Matrix' }, {}] },
    ...none('rpa-errors', 'create', 'update', 'remove'),
  ],
};
