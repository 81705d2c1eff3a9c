import { call } from '../../harness/clients';
import { none, type MatrixFeature } from './matrix-types';
import { DEMO_FIRM_ID } from '@portal/api';

const ids = { item: 'none', conflict: 'none', import: 'none', firm: 'none', user: 'none', register: 'none', year: 0 };

async function first(admin: Parameters<NonNullable<MatrixFeature['prepare']>>[0], service: string, query: Record<string, unknown>): Promise<string> {
  const [error, page] = await call(admin, 'find', [service, { ...query, $limit: 1 }]);
  if (error) throw new Error(`matrix: ${service} find failed: ${error.message}`);
  return String((page as { data: Array<{ id: string }> }).data[0]?.id ?? 'none');
}

async function created(admin: Parameters<NonNullable<MatrixFeature['prepare']>>[0], service: string, data: Record<string, unknown>): Promise<string> {
  const [error, record] = await call(admin, 'create', [service, data, {}]);
  if (error) throw new Error(`matrix: ${service} create failed: ${error.message}`);
  return String((record as { id: string }).id);
}

/** The previous transport's table ends with a web-service import that runs a few seconds: this one starts once it is done. */
async function importsDone(admin: Parameters<NonNullable<MatrixFeature['prepare']>>[0]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [error, page] = await call(admin, 'find', ['fon-imports', { firm_id: DEMO_FIRM_ID, status: 'in progress', $limit: 1 }]);
    if (error) throw new Error(`matrix: fon-imports find failed: ${error.message}`);
    if ((page as { total: number }).total === 0) return;
    if (Date.now() > deadline) throw new Error('matrix: a FON import was still in progress after a minute');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** FON monitoring: every method of its six services is for administrators (adm); records are the firm's, not a client's. */
export const fonMatrix: MatrixFeature = {
  name: 'fon',
  async prepare(admin) {
    await importsDone(admin);
    ids.year = new Date().getUTCFullYear() - 1;
    ids.item = await first(admin, 'fon-quota-items', { firm_id: DEMO_FIRM_ID, tax_year: ids.year });
    ids.conflict = await first(admin, 'fon-conflicts', { firm_id: DEMO_FIRM_ID, status: 'open', kind: 'fon_mismatch' });
    ids.import = await first(admin, 'fon-imports', { firm_id: DEMO_FIRM_ID });
    ids.firm = await created(admin, 'fon-firms', { name: 'Matrix Kanzlei (to remove)', ntcs_id: 9001 });
    ids.user = await created(admin, 'fon-users', { firm_id: DEMO_FIRM_ID, name: 'Matrix (to remove)', quota_year: ids.year, type: 'file' });
    ids.register = await created(admin, 'cash-registers', {
      firm_id: DEMO_FIRM_ID,
      tax_id: '46-100/0001',
      name: 'Matrix Kassa (to remove)',
      reg_kassa_id: 'RK-MATRIX',
      registered_date: '2026-01-02',
      status: 'registered',
    });
  },
  // prettier-ignore
  rows: [
    { service: 'fon-quota-items', method: 'find',  gate: ['adm'], scope: 'firm', call: () => [{ firm_id: DEMO_FIRM_ID, tax_year: ids.year, $limit: 5 }] },
    { service: 'fon-quota-items', method: 'find',  gate: ['adm'], scope: 'firm', note: 'quota', call: () => [{ view: 'quota', firm_id: DEMO_FIRM_ID, tax_year: ids.year }] },
    { service: 'fon-quota-items', method: 'get',   gate: ['adm'], scope: 'firm', call: () => [ids.item, {}] },
    { service: 'fon-quota-items', method: 'patch', gate: ['adm'], scope: 'firm', note: 'relevant', call: () => [ids.item, { not_relevant: false }, {}] },
    ...none('fon-quota-items', 'create', 'update', 'remove'),
    { service: 'fon-conflicts', method: 'find',  gate: ['adm'], scope: 'firm', call: () => [{ firm_id: DEMO_FIRM_ID, $limit: 5 }] },
    { service: 'fon-conflicts', method: 'get',   gate: ['adm'], scope: 'firm', call: () => [ids.conflict, {}] },
    { service: 'fon-conflicts', method: 'patch', gate: ['adm'], scope: 'firm', note: 'resolve', call: () => [ids.conflict, { remark: 'Matrix' }, {}] },
    ...none('fon-conflicts', 'create', 'update', 'remove'),
    { service: 'cash-registers', method: 'find',   gate: ['adm'], scope: 'firm', call: () => [{ firm_id: DEMO_FIRM_ID, $limit: 5 }] },
    { service: 'cash-registers', method: 'get',    gate: ['adm'], scope: 'firm', call: () => ['demo-1', {}] },
    { service: 'cash-registers', method: 'create', gate: ['adm'], scope: 'firm', call: () => [{ firm_id: DEMO_FIRM_ID, tax_id: '46-100/0002', name: 'Matrix Kassa', reg_kassa_id: 'RK-MATRIX-2', registered_date: '2026-01-02', status: 'registered' }, {}] },
    { service: 'cash-registers', method: 'patch',  gate: ['adm'], scope: 'firm', note: 'annual receipt', call: () => ['demo-2', { annual_receipt_checked: ids.year }, {}] },
    { service: 'cash-registers', method: 'remove', gate: ['adm'], scope: 'firm', call: () => [ids.register, {}] },
    ...none('cash-registers', 'update'),
    { service: 'fon-firms', method: 'find',   gate: ['adm'], scope: 'firm', call: () => [{}] },
    { service: 'fon-firms', method: 'get',    gate: ['adm'], scope: 'firm', call: () => [DEMO_FIRM_ID, {}] },
    { service: 'fon-firms', method: 'create', gate: ['adm'], scope: 'firm', call: () => [{ name: 'Matrix Kanzlei', ntcs_id: 9002, webeku_password: 'Matrix-Passwort' }, {}] },
    { service: 'fon-firms', method: 'patch',  gate: ['adm'], scope: 'firm', call: () => [DEMO_FIRM_ID, { ntcs_id: 4711 }, {}] },
    { service: 'fon-firms', method: 'remove', gate: ['adm'], scope: 'firm', call: () => [ids.firm, {}] },
    ...none('fon-firms', 'update'),
    { service: 'fon-users', method: 'find',   gate: ['adm'], scope: 'firm', call: () => [{ firm_id: DEMO_FIRM_ID }] },
    { service: 'fon-users', method: 'get',    gate: ['adm'], scope: 'firm', call: () => ['fon-ws-demo', {}] },
    { service: 'fon-users', method: 'create', gate: ['adm'], scope: 'firm', call: () => [{ firm_id: DEMO_FIRM_ID, name: 'Matrix', quota_year: ids.year, type: 'file' }, {}] },
    { service: 'fon-users', method: 'patch',  gate: ['adm'], scope: 'firm', call: () => ['fon-file-demo', { quota_year: ids.year - 1 }, {}] },
    { service: 'fon-users', method: 'remove', gate: ['adm'], scope: 'firm', call: () => [ids.user, {}] },
    ...none('fon-users', 'update'),
    { service: 'fon-imports', method: 'find', gate: ['adm'], scope: 'firm', call: () => [{ firm_id: DEMO_FIRM_ID }] },
    { service: 'fon-imports', method: 'get',  gate: ['adm'], scope: 'firm', call: () => [ids.import, {}] },
    // Last: the web-service fetch (sandbox) runs a few seconds, and a running import blocks deleting users.
    { service: 'fon-imports', method: 'create', gate: ['adm'], scope: 'firm', note: 'web service (sandbox)', call: () => [{ fon_user_id: 'fon-ws-demo' }, {}] },
    ...none('fon-imports', 'update', 'patch', 'remove'),
  ],
};
