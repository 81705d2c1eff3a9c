import type { Socket } from 'socket.io-client';
import { call } from '../../harness/clients';
import type { MatrixFeature } from './matrix-types';

/** One scanner per company (created as admin), for the get, patch and remove rows. */
const scannerOf: Record<number, string> = {};
const spareOf: Record<number, string[]> = {};

async function prepare(admin: Socket, companies: readonly number[]): Promise<void> {
  for (const client of companies) {
    const [error, scanner] = await call(admin, 'create', ['scanners', { name: `Matrix ${client}`, client_no: client }, {}]);
    if (error) throw new Error(`scanner matrix: ${error.message}`);
    scannerOf[client] = (scanner as { id: string }).id;
    // Scanners the remove rows take out of service, one per user that may remove (admin is the only adm).
    spareOf[client] = [];
    for (let i = 0; i < 2; i++) {
      const [, spare] = await call(admin, 'create', ['scanners', { name: `Matrix spare ${client} ${i}`, client_no: client }, {}]);
      spareOf[client].push((spare as { id: string }).id);
    }
  }
}

/** scanners: the Admin group's scanner manager; every method needs adm; a scanner belongs to its client. */
export const scannersMatrix: MatrixFeature = {
  name: 'scanner manager',
  prepare,
  rows: [
    { service: 'scanners', method: 'find', gate: ['adm'], scope: 'client-list', call: (t) => [{ client_no: t.client }] },
    { service: 'scanners', method: 'get', gate: ['adm'], scope: 'client', call: (t) => [scannerOf[t.client] ?? 'none', {}] },
    { service: 'scanners', method: 'create', gate: ['adm'], scope: 'client', call: (t) => [{ name: `Matrix created ${t.year}`, client_no: t.client }, {}] },
    {
      service: 'scanners',
      method: 'patch',
      gate: ['adm'],
      scope: 'client',
      note: 'same location',
      call: (t) => [scannerOf[t.client] ?? 'none', { location: 'Matrix' }, {}],
    },
    { service: 'scanners', method: 'remove', gate: ['adm'], scope: 'client', call: (t) => [spareOf[t.client]?.shift() ?? 'none', {}] },
    { service: 'scanners', method: 'update', gate: 'none' },
  ],
};
