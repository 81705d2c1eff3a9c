import { create } from 'qrcode';
import type { PaymentQr, PortalError } from '@portal/contracts';
import { DOCUMENTS } from '@portal/read-models';
import type { SqliteReadStore, Doc } from '@portal/read-store';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { memoryStores, putRecords, user } from '../../../test/document-history';
import { paymentQrService } from './payment-qr.service';

const payer = user('u-payer', ['pay'], [1001]);
const record = (id: number, extra: Partial<Doc> = {}): Doc => ({
  id,
  client_no: 1001,
  category: 'ER',
  deleted: false,
  invoice_number: 'RE-2026-0815',
  gross_amount: 1200,
  currency: 'EUR',
  biller_name: 'Gletscherblick Bergbahnen GmbH',
  fields: {
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    biller: { name: 'Gletscherblick Bergbahnen GmbH' },
    gross_amount: 1200,
    invoice_number: 'RE-2026-0815',
  },
  ...extra,
});

let reads: SqliteReadStore;
let service: ServiceDefinition;
const get = (id: number, who = payer) => service.methods.get!.run({ user: who, accessToken: 't' }, { id, data: null, query: {} }) as Promise<PaymentQr>;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as PortalError,
  );

beforeAll(async () => {
  const stores = await memoryStores();
  await stores.events.close();
  reads = stores.reads;
  await putRecords(reads, DOCUMENTS, [
    record(1),
    record(2, { fields: { biller: { name: 'Ohne IBAN GmbH' }, gross_amount: 10 } }),
    record(3, { category: 'AR' }),
    record(4, { deleted: true }),
    record(5, { client_no: 1002 }),
    record(6, { gross_amount: null, fields: { iban: 'AT611904300234573201', biller: { name: 'X' } } }),
    record(7, {
      category: 'ER_U',
      fields: { iban: 'AT611904300234573201', biller: { name: 'Bergbahnen' }, payment_reference: 'RF18539007547034' },
      gross_amount: 99.9,
    }),
    record(8, {
      booking: {
        biller: 'Korrigiert GmbH',
        iban: 'DE89370400440532013000',
        gross_amount: 1300,
        currency: 'EUR',
        payment_reference: null,
        invoice_number: 'RE-99',
      },
    }),
  ]);
  service = paymentQrService(reads);
});
afterAll(() => reads.close());

describe('payment-qr', () => {
  it('needs the permission pay', () => {
    expect(service.methods.get!.anyOf).toEqual(['pay']);
    expect(Object.keys(service.methods)).toEqual(['get']);
  });

  it('answers the EPC payload of an incoming invoice from its IBAN, biller, gross amount and invoice number', async () => {
    const qr = await get(1);
    expect(qr.documentId).toBe(1);
    expect(qr.payload).toBe('BCD\n002\n1\nSCT\nBKAUATWW\nGletscherblick Bergbahnen GmbH\nAT611904300234573201\nEUR1200.00\n\n\nRE-2026-0815');
  });

  it('prefers the payment reference and uses the structured field for an RF reference', async () => {
    expect((await get(7)).payload).toBe('BCD\n002\n1\nSCT\n\nBergbahnen\nAT611904300234573201\nEUR99.90\n\nRF18539007547034');
  });

  it('takes reviewed booking fields over extracted ones where the record has them', async () => {
    expect((await get(8)).payload.split('\n').slice(5)).toEqual(['Korrigiert GmbH', 'DE89370400440532013000', 'EUR1300.00', '', '', 'RE-99']);
  });

  it('draws an SVG QR code with error correction M within the EPC limit of version 13', async () => {
    const qr = await get(1);
    expect(qr.svg.startsWith('<svg')).toBe(true);
    expect(qr.svg).toContain('</svg>');
    const symbol = create(qr.payload, { errorCorrectionLevel: 'M' });
    expect(symbol.version).toBeLessThanOrEqual(13);
    expect(symbol.errorCorrectionLevel.bit).toBe(0); // M
  });

  it('refuses an invoice without IBAN or amount with a clear 422', async () => {
    expect(await failure(get(2))).toMatchObject({ name: 'Unprocessable', message: 'The invoice has no IBAN for a payment QR code.' });
    expect(await failure(get(6))).toMatchObject({ name: 'Unprocessable', message: 'The invoice has no gross amount for a payment QR code.' });
  });

  it('refuses outgoing invoices and trashed documents with 422', async () => {
    expect(await failure(get(3))).toMatchObject({ name: 'Unprocessable', message: 'Only incoming invoices (ER_U, ER) can be paid by QR code.' });
    expect(await failure(get(4))).toMatchObject({ name: 'Unprocessable', message: 'The document is in the trash.' });
  });

  it("hides another client's and missing documents behind NotFound", async () => {
    expect(await failure(get(5))).toMatchObject({ name: 'NotFound', message: 'document does not exist or access denied' });
    expect(await failure(get(404))).toMatchObject({ name: 'NotFound' });
  });
});
