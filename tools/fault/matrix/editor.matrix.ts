import type { Socket } from 'socket.io-client';
import { call } from '../../harness/clients';
import { none, type MatrixFeature, type PortalAccess } from './matrix-types';
import { textPdf } from '@portal/document-files';

/** One working copy per company (opened as admin from one of its documents), for the patch rows. */
const itemOf: Record<number, number> = {};
/** The working copy of a payroll document per company: it exists only for users with dpv. */
const payrollItemOf: Record<number, number> = {};

async function openPayrollCopies(admin: Socket, companies: readonly number[], portal: PortalAccess): Promise<void> {
  for (const client of companies) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await textPdf([`Lohnkonto Matrix ${client}`]))]), `lohnkonto-${client}.pdf`);
    const res = await fetch(`${portal.url}/api/documents/upload?client=${client}&category=ER_U&payroll=1`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${portal.adminToken}` },
    });
    const documentId = ((await res.json()) as { files?: Array<{ documentId?: number }> }).files?.[0]?.documentId;
    if (res.status !== 201 || !documentId) throw new Error(`editor matrix: payroll upload to ${client} answered ${res.status}`);
    const [error, item] = await call(admin, 'create', ['editor-document', { documentId }, {}]);
    if (error) throw new Error(`editor matrix: ${error.message}`);
    payrollItemOf[client] = (item as { id: number }).id;
  }
}

async function prepare(admin: Socket, companies: readonly number[], portal: PortalAccess): Promise<void> {
  for (const client of companies) {
    // An ordinary document: the payroll documents uploaded below (and by the first transport's run) are newer.
    const [, page] = await call(admin, 'find', ['documents', { client_no: client, category: { $nin: ['AR', 'AR_U'] }, payroll: false, $limit: 1 }]);
    const doc = (page as { data: { id: number }[] } | undefined)?.data[0];
    if (!doc) continue;
    const [error, item] = await call(admin, 'create', ['editor-document', { documentId: doc.id }, {}]);
    if (error) throw new Error(`editor matrix: ${error.message}`);
    itemOf[client] = (item as { id: number }).id;
  }
  await openPayrollCopies(admin, companies, portal);
}

/** editor-document: everything needs ded; items belong to a client; a payroll document's working copy needs dpv too. */
export const editorMatrix: MatrixFeature = {
  name: 'document editor',
  prepare,
  rows: [
    {
      service: 'editor-document',
      method: 'find',
      gate: ['ded'],
      scope: 'client-list',
      call: (t) => [{ client_no: t.client, is_processed_documents_accumulator: null, $limit: 20 }],
    },
    { service: 'editor-document', method: 'get', gate: ['ded'], scope: 'client', call: (t) => [itemOf[t.client] ?? 1, {}] },
    { service: 'editor-document', method: 'create', gate: ['ded'], scope: 'client', note: 'working copy', call: (t) => [{ documentId: t.documentId }, {}] },
    {
      service: 'editor-document',
      method: 'patch',
      gate: ['ded'],
      scope: 'client',
      note: 'same title',
      call: (t) => [itemOf[t.client] ?? 1, { action: 'renameDocument', title: 'Matrix working copy' }, {}],
    },
    {
      service: 'editor-document',
      method: 'get',
      gate: ['ded'],
      scope: 'client',
      hiddenWithout: ['dpv'],
      note: 'payroll working copy',
      call: (t) => [payrollItemOf[t.client] ?? 1, {}],
    },
    {
      service: 'editor-document',
      method: 'patch',
      gate: ['ded'],
      scope: 'client',
      hiddenWithout: ['dpv'],
      note: 'payroll working copy, same title',
      call: (t) => [payrollItemOf[t.client] ?? 1, { action: 'renameDocument', title: `lohnkonto-${t.client}` }, {}],
    },
    ...none('editor-document', 'update', 'remove'),
  ],
};
