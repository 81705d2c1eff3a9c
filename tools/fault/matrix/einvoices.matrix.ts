import { none, type MatrixFeature } from './matrix-types';

/** A UBL invoice missing nearly everything: still an e-invoice, so the check answers its findings. */
const XML = '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>RE-MATRIX-1</cbc:ID></Invoice>';

function xmlForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([XML], { type: 'application/xml' }), 'xrechnung.xml');
  return form;
}

/** E-invoice check: any signed-in user, over the service (socket and REST) and the upload route; nothing is stored, no client. */
export const einvoicesMatrix: MatrixFeature = {
  name: 'einvoices',
  rows: [
    { service: 'einvoice-validation', method: 'create', gate: null, scope: 'firm', call: () => [{ file: Buffer.from(XML).toString('base64'), fileName: 'xrechnung.xml' }, {}] },
    ...none('einvoice-validation', 'find', 'get', 'update', 'patch', 'remove'),
    { service: '/api/einvoices/validate', method: 'create', gate: null, scope: 'firm', http: () => ({ method: 'POST', path: '/api/einvoices/validate', body: xmlForm }) },
  ],
};
