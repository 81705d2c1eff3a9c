import { call } from '../../harness/clients';
import { none, type MatrixFeature } from './matrix-types';

const target = { id: '', payrollExport: '' };

/** rpa-errors: administrators only (the Admin group needs adm); the failure of an export of payroll documents alone also needs dpv. */
export const rpaErrorsMatrix: MatrixFeature = {
  name: 'rpa-errors',
  async prepare(admin) {
    const [error, page] = await call(admin, 'find', ['rpa-errors', { status: 'open', kind: 'extraction_broken', $limit: 1 }]);
    if (error) throw new Error(`matrix: listing automation errors failed: ${error.message}`);
    target.id = (page as { data: Array<{ id: string }> }).data[0]?.id ?? 'none';
    // The demo's failed export of a payroll document alone (client 1001).
    const [exportError, exports] = await call(admin, 'find', ['rpa-errors', { kind: 'erp_export_failed', client_no: 1001, $limit: 50 }]);
    if (exportError) throw new Error(`matrix: listing export failures failed: ${exportError.message}`);
    const payroll = (exports as { data: Array<{ id: string; payroll?: boolean }> }).data.find((e) => e.payroll === true);
    if (!payroll) throw new Error('matrix: the demo has no failed export of payroll documents alone');
    target.payrollExport = payroll.id;
  },
  // prettier-ignore
  rows: [
    { service: 'rpa-errors', method: 'find',  gate: ['adm'], scope: 'firm', call: () => [{ status: 'open', $limit: 5 }] },
    { service: 'rpa-errors', method: 'get',   gate: ['adm'], scope: 'firm', call: () => [target.id, {}] },
    { service: 'rpa-errors', method: 'get',   gate: ['adm'], scope: 'firm', hiddenWithout: ['dpv'], note: 'payroll export failure', call: () => [target.payrollExport, {}] },
    { service: 'rpa-errors', method: 'patch', gate: ['adm'], scope: 'firm', note: 'resolve', call: () => [target.id, { action: 'resolve', remark: 'Matrix' }, {}] },
    ...none('rpa-errors', 'create', 'update', 'remove'),
  ],
};
