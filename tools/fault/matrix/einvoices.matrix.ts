import type { Socket } from 'socket.io-client';
import type { DocumentRecord } from '@portal/contracts';
import { DOCUMENT_READERS, OUTGOING_READERS } from '@portal/api';
import { call } from '../../harness/clients';
import { none, type MatrixFeature, type PortalAccess } from './matrix-types';

/** A UBL invoice missing nearly everything: still an e-invoice, so the check answers its findings. */
const XML =
  '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>RE-MATRIX-1</cbc:ID></Invoice>';

function xmlForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([XML], { type: 'application/xml' }), 'xrechnung.xml');
  return form;
}

/**
 * An XRechnung per company carrying an embedded file, uploaded as admin: an outgoing one (the documents rows of the
 * matrix pick an incoming one, so these never become theirs) and an incoming one marked payroll.
 */
const attachedOf: Record<number, number> = {};
const payrollAttachedOf: Record<number, number> = {};
let runs = 0;

const withAttachment = (client: number, payroll: boolean) =>
  `<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"><cbc:ID>RE-MATRIX-${client}-${runs}${payroll ? '-P' : ''}</cbc:ID><cbc:IssueDate>2026-03-01</cbc:IssueDate><cac:AdditionalDocumentReference><cbc:ID>A-1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/csv" filename="matrix.csv">${Buffer.from(`Lauf;${runs}\n`).toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference></Invoice>`;

async function uploadInvoicesWithAttachment(admin: Socket, companies: readonly number[], portal: PortalAccess): Promise<void> {
  // Prepared once per portal: the rows only download the embedded files, so the second transport's run reads the
  // first one's invoices (twelve more uploads to read cost time and tested nothing more).
  if (companies.every((client) => attachedOf[client] !== undefined && payrollAttachedOf[client] !== undefined)) return;
  runs++;
  for (const client of companies) {
    for (const payroll of [false, true]) {
      const form = new FormData();
      form.append('files', new Blob([withAttachment(client, payroll)], { type: 'application/xml' }), `xrechnung-${client}${payroll ? '-payroll' : ''}.xml`);
      const res = await fetch(`${portal.url}/api/documents/upload?client=${client}&category=${payroll ? 'ER_U&payroll=1' : 'AR_U'}`, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${portal.adminToken}` },
      });
      const body = (await res.json()) as { files?: Array<{ documentId?: number }> };
      const id = body.files?.[0]?.documentId;
      if (res.status !== 201 || !id) throw new Error(`einvoices matrix: upload to ${client} answered ${res.status} ${JSON.stringify(body)}`);
      (payroll ? payrollAttachedOf : attachedOf)[client] = id;
    }
  }
  // The download needs the e-invoice read.
  for (const id of [...Object.values(attachedOf), ...Object.values(payrollAttachedOf)]) {
    for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
      const [, doc] = await call(admin, 'get', ['documents', id, {}]);
      if ((doc as DocumentRecord | undefined)?.einvoice) break;
      if (Date.now() > deadline) throw new Error(`einvoices matrix: document ${id} was not read in time`);
    }
  }
}

/**
 * E-invoice check: any signed-in user, over the service (socket and REST) and the upload route; nothing is stored, no
 * client. The download of a file an e-invoice embeds: the document's read rule (document readers, its client; an
 * outgoing invoice exists only for lar and accounting staff, a payroll document only for dpv).
 */
export const einvoicesMatrix: MatrixFeature = {
  name: 'einvoices',
  rows: [
    {
      service: 'einvoice-validation',
      method: 'create',
      gate: null,
      scope: 'firm',
      call: () => [{ file: Buffer.from(XML).toString('base64'), fileName: 'xrechnung.xml' }, {}],
    },
    ...none('einvoice-validation', 'find', 'get', 'update', 'patch', 'remove'),
    {
      service: '/api/einvoices/validate',
      method: 'create',
      gate: null,
      scope: 'firm',
      http: () => ({ method: 'POST', path: '/api/einvoices/validate', body: xmlForm }),
    },
    {
      service: '/api/documents/:id/einvoice-attachments/:number',
      method: 'get',
      gate: DOCUMENT_READERS,
      scope: 'client',
      hiddenWithout: OUTGOING_READERS,
      note: 'outgoing',
      http: (t) => ({ method: 'GET', path: `/api/documents/${attachedOf[t.client] ?? 0}/einvoice-attachments/1` }),
    },
    {
      service: '/api/documents/:id/einvoice-attachments/:number',
      method: 'get',
      gate: DOCUMENT_READERS,
      scope: 'client',
      hiddenWithout: ['dpv'],
      note: 'payroll',
      http: (t) => ({ method: 'GET', path: `/api/documents/${payrollAttachedOf[t.client] ?? 0}/einvoice-attachments/1` }),
    },
  ],
  prepare: uploadInvoicesWithAttachment,
};
