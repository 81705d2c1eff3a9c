import type { Socket } from 'socket.io-client';
import type { DocumentRecord } from '@portal/contracts';
import { call } from '../../bench/clients';
import type { MatrixFeature } from '../../fault/matrix/matrix-types';
import { ANY_PATCH_PERMISSION } from './document-patch';

/** The value each company's matrix document holds in a field, so a label changes nothing a confirmed document would refuse. */
const valueOf: Record<number, { field: 'payment_reference' | 'invoice_number' | 'biller'; value: string }> = {};
const box = { page: 1, x: 40, y: 40, width: 120, height: 14 };

/** Issue 22: labels (lab) and payroll marking (dpv) inside `documents patch`; downloads and /api/ocr are HTTP (labels-payroll.int.spec.ts). */
export const LABELS_MATRIX: MatrixFeature = {
  name: 'labels',
  // prettier-ignore
  rows: [
    { service: 'documents', method: 'patch', gate: ANY_PATCH_PERMISSION, scope: 'client', inner: ['lab'], note: 'label', call: (t) => {
      const v = valueOf[t.client] ?? { field: 'payment_reference', value: 'MATRIX-1' };
      return [t.documentId, { action: 'label', field: v.field, box, text: v.value, value: v.value }, {}];
    } },
    { service: 'documents', method: 'patch', gate: ANY_PATCH_PERMISSION, scope: 'client', inner: ['dpv'], note: 'payroll unchanged', call: (t) => [t.documentId, { payroll: false }, {}] },
  ],
  async prepare(admin: Socket, companies: readonly number[]) {
    for (const client of companies) {
      const [, page] = await call(admin, 'find', ['documents', { client_no: client, category: { $nin: ['AR', 'AR_U'] }, $limit: 1 }]);
      const doc = (page as { data: DocumentRecord[] } | undefined)?.data[0];
      if (!doc) continue;
      const known = (['payment_reference', 'invoice_number', 'biller'] as const).find((f) => typeof doc.booking?.[f] === 'string' && doc.booking[f] !== '');
      valueOf[client] = known ? { field: known, value: String(doc.booking[known]) } : { field: 'payment_reference', value: 'MATRIX-1' };
    }
  },
};
