import type { Socket } from 'socket.io-client';
import { call } from '../../harness/clients';
import { none, type MatrixFeature } from './matrix-types';

const YEAR = new Date().getUTCFullYear();
const itemOf: Record<number, number> = {};
const admin: { id: string } = { id: '' };

/** Reports, open items, responsibilities and the firm overview. */
export const REPORTS_MATRIX: MatrixFeature = {
  name: 'reports',
  // prettier-ignore
  rows: [
    { service: 'reports', method: 'find', gate: ['rep'], scope: 'client', call: (t) => [{ client_no: t.client, report: 'vat', from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }] },
    ...none('reports', 'get', 'create', 'update', 'patch', 'remove'),
    { service: 'open-items', method: 'find',  gate: ['rep'], scope: 'client-list', call: (t) => [{ client_no: t.client, status: 'all', $limit: 5 }] },
    { service: 'open-items', method: 'get',   gate: ['rep'], scope: 'client', call: (t) => [itemOf[t.client] ?? 0, {}] },
    { service: 'open-items', method: 'patch', gate: ['acc', 'pay'], scope: 'client', note: 'no block', call: (t) => [itemOf[t.client] ?? 0, { action: 'block', blocked: false, reason: '' }, {}] },
    ...none('open-items', 'create', 'update', 'remove'),
    { service: 'responsibilities', method: 'find',   gate: ['adm', 'ove'], scope: 'client-list', call: (t) => [{ client_no: t.client }] },
    { service: 'responsibilities', method: 'get',    gate: ['adm', 'ove'], scope: 'client', call: (t) => [t.client, {}] },
    { service: 'responsibilities', method: 'update', gate: ['adm'], scope: 'client', call: (t) => [t.client, { responsible_id: admin.id }, {}] },
    ...none('responsibilities', 'create', 'patch', 'remove'),
    { service: 'firm-overview', method: 'find', gate: ['ove'], scope: 'firm', call: () => [{}] },
    { service: 'firm-overview', method: 'find', gate: ['ove'], scope: 'client-list', note: 'one client', call: (t) => [{ client_no: t.client }] },
    ...none('firm-overview', 'get', 'create', 'update', 'patch', 'remove'),
  ],
  async prepare(socket: Socket, companies: readonly number[]) {
    const [, users] = await call(socket, 'find', ['users', { $limit: 50 }]);
    admin.id = (users as { data: Array<{ id: string; username: string }> }).data.find((u) => u.username === 'admin')!.id;
    for (const client of companies) {
      const [, page] = await call(socket, 'find', ['open-items', { client_no: client, status: 'all', $limit: 1 }]);
      const first = (page as { data: Array<{ id: number }> } | undefined)?.data[0];
      if (first) itemOf[client] = first.id;
    }
  },
};
