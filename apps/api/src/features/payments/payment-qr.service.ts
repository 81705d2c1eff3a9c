import { BadRequest, mayAccessClient, NotFound, SERVICES, Unprocessable, type PaymentQr } from '@portal/contracts';
import { DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { toString as qrCode } from 'qrcode';
import { maySeePayroll } from '../documents/document-read-rule';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { epcPayload } from './epc-payload';
import { creditTransferOf } from './payee';

const INCOMING = ['ER_U', 'ER'];

/**
 * payment-qr: get id = documentId answers the EPC QR code (GiroCode) that pays an unpaid incoming
 * invoice of one of the user's clients. Needs `pay`; missing or invalid payment data answer 422.
 */
export function paymentQrService(store: ReadStore): ServiceDefinition {
  return {
    path: SERVICES.paymentQr,
    methods: {
      get: {
        anyOf: ['pay'],
        async run(context, args): Promise<PaymentQr> {
          const documentId = typeof args.id === 'number' ? args.id : Number(args.id);
          if (!Number.isSafeInteger(documentId) || documentId < 0) throw BadRequest(`Invalid id '${String(args.id)}'.`);
          const doc = await store.get(DOCUMENTS, documentId);
          // `pay` alone pays an incoming invoice of the user's clients; a payroll document stays hidden without dpv.
          if (
            !doc ||
            typeof doc.client_no !== 'number' ||
            !mayAccessClient(context.user, doc.client_no) ||
            (doc.payroll === true && !maySeePayroll(context.user))
          ) {
            throw NotFound('document does not exist or access denied');
          }
          if (!INCOMING.includes(doc.category as string)) throw Unprocessable('Only incoming invoices (ER_U, ER) can be paid by QR code.');
          if (doc.deleted === true) throw Unprocessable('The document is in the trash.');
          const payload = epcPayload(creditTransferOf(doc));
          const svg = await qrCode(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
          return { documentId, payload, svg };
        },
      },
    },
  };
}
