import type { Socket } from 'socket.io-client';
import type { DocumentRecord } from '@portal/contracts';
import { textScan } from '@portal/demo-data';
import { ANY_PATCH_PERMISSION, DOCUMENT_READERS } from '@portal/api';
import { call } from '../../harness/clients';
import type { MatrixFeature, PortalAccess, Row } from './matrix-types';

/** The value each company's matrix document holds in a field, so a label changes nothing a confirmed document would refuse. */
const valueOf: Record<number, { field: 'payment_reference' | 'invoice_number' | 'biller'; value: string }> = {};
const box = { page: 1, x: 40, y: 40, width: 120, height: 14 };
/** A scanned payroll document per company (uploaded as admin, read by OCR): its downloads exist only for dpv. */
const payrollScanOf: Record<number, number> = {};
let scan: Buffer = Buffer.alloc(0);
let runs = 0;

const get =
  (path: (t: { client: number; documentId?: number }) => string): Row['http'] =>
  (t) => ({ method: 'GET', path: path(t) });
const ocrForm = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(scan)]), 'matrix-scan.png');
  return form;
};

async function uploadPayrollScans(admin: Socket, companies: readonly number[], portal: PortalAccess): Promise<void> {
  // Prepared once per portal, like the SV accounts: the rows only read these scans (file, words, searchable PDF), so the
  // second transport's run reads the first one's. A scan of its own per run cost six more OCR runs, the slowest part
  // of the run's preparation, and tested nothing more.
  if (companies.every((client) => payrollScanOf[client] !== undefined)) return;
  scan = await textScan([['Lohnabrechnung Matrix', `Lauf ${++runs}`, 'Bruttobezug 2.400,00']], 'png');
  for (const client of companies) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(scan)]), `lohn-${client}.png`);
    const res = await fetch(`${portal.url}/api/documents/upload?client=${client}&category=ER_U&payroll=1`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${portal.adminToken}` },
    });
    const body = (await res.json()) as { files?: Array<{ documentId?: number }> };
    const id = body.files?.[0]?.documentId;
    if (res.status !== 201 || !id) throw new Error(`labels matrix: payroll upload to ${client} answered ${res.status} ${JSON.stringify(body)}`);
    payrollScanOf[client] = id;
  }
  // The searchable PDF exists once OCR has read the scan.
  for (const id of Object.values(payrollScanOf)) {
    for (const deadline = Date.now() + 240_000; ; await new Promise((r) => setTimeout(r, 500))) {
      const [, doc] = await call(admin, 'get', ['documents', id, {}]);
      if ((doc as DocumentRecord | undefined)?.extraction === 'done') break;
      if (Date.now() > deadline) throw new Error(`labels matrix: document ${id} was not read in time`);
    }
  }
}

/**
 * Labels (lab) and payroll marking (dpv) inside `documents patch`; the file, words and searchable-PDF
 * downloads (document readers, pdf) of an ordinary and of a payroll document (hidden without dpv: 404), and
 * the OCR service POST /api/ocr (pdf).
 */
export const LABELS_MATRIX: MatrixFeature = {
  name: 'labels',
  // prettier-ignore
  rows: [
    { service: 'documents', method: 'patch', gate: ANY_PATCH_PERMISSION, scope: 'client', inner: ['lab'], note: 'label', call: (t) => {
      const v = valueOf[t.client] ?? { field: 'payment_reference', value: 'MATRIX-1' };
      return [t.documentId, { action: 'label', field: v.field, box, text: v.value, value: v.value }, {}];
    } },
    { service: 'documents', method: 'patch', gate: ANY_PATCH_PERMISSION, scope: 'client', inner: ['dpv'], note: 'payroll unchanged', call: (t) => [t.documentId, { payroll: false }, {}] },
    { service: '/api/documents/:id/file', method: 'get', gate: DOCUMENT_READERS, scope: 'client', http: get((t) => `/api/documents/${t.documentId ?? 0}/file`) },
    { service: '/api/documents/:id/words', method: 'get', gate: DOCUMENT_READERS, scope: 'client', http: get((t) => `/api/documents/${t.documentId ?? 0}/words`) },
    { service: '/api/documents/:id/file', method: 'get', gate: DOCUMENT_READERS, scope: 'client', hiddenWithout: ['dpv'], note: 'payroll', http: get((t) => `/api/documents/${payrollScanOf[t.client] ?? 0}/file`) },
    { service: '/api/documents/:id/words', method: 'get', gate: DOCUMENT_READERS, scope: 'client', hiddenWithout: ['dpv'], note: 'payroll', http: get((t) => `/api/documents/${payrollScanOf[t.client] ?? 0}/words`) },
    { service: '/api/documents/:id/searchable-pdf', method: 'get', gate: ['pdf'], scope: 'client', hiddenWithout: ['dpv'], note: 'payroll scan', http: get((t) => `/api/documents/${payrollScanOf[t.client] ?? 0}/searchable-pdf`) },
    { service: '/api/ocr', method: 'create', gate: ['pdf'], scope: 'firm', http: () => ({ method: 'POST', path: '/api/ocr', body: ocrForm }) },
  ],
  async prepare(admin: Socket, companies: readonly number[], portal: PortalAccess) {
    for (const client of companies) {
      const [, page] = await call(admin, 'find', ['documents', { client_no: client, category: { $nin: ['AR', 'AR_U'] }, payroll: false, $limit: 1 }]);
      const doc = (page as { data: DocumentRecord[] } | undefined)?.data[0];
      if (!doc) continue;
      const known = (['payment_reference', 'invoice_number', 'biller'] as const).find((f) => typeof doc.booking?.[f] === 'string' && doc.booking[f] !== '');
      valueOf[client] = known ? { field: known, value: String(doc.booking[known]) } : { field: 'payment_reference', value: 'MATRIX-1' };
    }
    await uploadPayrollScans(admin, companies, portal);
  },
};
