import type { Socket } from 'socket.io-client';
import { call } from '../../bench/clients';
import { none, type MatrixFeature } from '../../fault/matrix/matrix-types';

/** One working copy per company (opened as admin from one of its documents), for the patch rows. */
const itemOf: Record<number, number> = {};

async function prepare(admin: Socket, companies: readonly number[]): Promise<void> {
  for (const client of companies) {
    const [, page] = await call(admin, 'find', ['documents', { client_no: client, category: { $nin: ['AR', 'AR_U'] }, $limit: 1 }]);
    const doc = (page as { data: { id: number }[] } | undefined)?.data[0];
    if (!doc) continue;
    const [error, item] = await call(admin, 'create', ['editor-document', { documentId: doc.id }, {}]);
    if (error) throw new Error(`editor matrix: ${error.message}`);
    itemOf[client] = (item as { id: number }).id;
  }
}

/** editor-document (issue 12): everything needs ded; items belong to a client. */
export const editorMatrix: MatrixFeature = {
  name: 'document editor',
  prepare,
  rows: [
    { service: 'editor-document', method: 'find', gate: ['ded'], scope: 'client-list', call: (t) => [{ client_no: t.client, is_processed_documents_accumulator: null, $limit: 20 }] },
    { service: 'editor-document', method: 'get', gate: ['ded'], scope: 'client', call: (t) => [itemOf[t.client] ?? 1, {}] },
    { service: 'editor-document', method: 'create', gate: ['ded'], scope: 'client', note: 'working copy', call: (t) => [{ documentId: t.documentId }, {}] },
    { service: 'editor-document', method: 'patch', gate: ['ded'], scope: 'client', note: 'same title', call: (t) => [itemOf[t.client] ?? 1, { action: 'renameDocument', title: 'Matrix working copy' }, {}] },
    ...none('editor-document', 'update', 'remove'),
  ],
};
