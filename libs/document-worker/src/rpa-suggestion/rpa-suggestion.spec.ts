import type { CommandContext } from '@portal/commands';
import { ORIGIN, type AddressRecord, type ExtractedFields } from '@portal/contracts';
import type { EditDocumentFields } from '@portal/domain';
import { ADDRESSES, DOCUMENTS, RPA_ADDRESS_KEYS } from '@portal/read-models';
import { generateDemoInvoices } from '@portal/demo-data';
import { extractDocument } from '@portal/extraction';
import { rpaSuggestionStep, suggestFromRpaDatabase } from './rpa-suggestion';

jest.setTimeout(60_000);

const address = (over: Partial<AddressRecord>): AddressRecord => ({
  id: 5,
  name: 'Alpenstrom Energie AG',
  legal_form: 'AG',
  street: null,
  postcode: null,
  place: null,
  country: 'AT',
  vat_id: null,
  tax_number: null,
  register_number: null,
  ibans: [],
  email: null,
  phone: null,
  accounts: [{ client_no: 1001, supplier_account: '331040', customer_account: null }],
  client_nos: [1001],
  rpa: true,
  rpa_since: '2026-01-01',
  vat_check: null,
  status: 'active',
  merged_into: null,
  merged_from: [],
  created_at: '',
  created_by: '',
  updated_at: '',
  revision: 1,
  ...over,
});

function readsWith(docs: Record<string, unknown>) {
  return { get: async (collection: string, id: string | number) => (docs[`${collection}/${id}`] ?? null) as never };
}

describe('RPA address database suggestion', () => {
  let invoice: { fields: ExtractedFields; expected: ExtractedFields };

  beforeAll(async () => {
    // A generated incoming invoice (text layer), extracted as the worker does.
    const all = await generateDemoInvoices({
      companyNo: 1001,
      companyName: 'Alpenblick Gastronomie GmbH',
      companyPlace: 'Innsbruck',
      count: 12,
      seed: 1001,
      today: new Date('2026-03-01T00:00:00Z'),
    });
    const pdf = all.find((i) => i.direction === 'incoming' && i.kind === 'text' && i.expected.biller?.vat_id)!;
    const result = await extractDocument({ bytes: pdf.bytes, mediaType: 'application/pdf' });
    invoice = { fields: result.fields, expected: pdf.expected };
  });

  it('suggests the RPA address’s name and the client’s supplier account for a biller found by VAT ID, recorded with its own origin code', async () => {
    const vat = invoice.expected.biller!.vat_id!;
    expect(invoice.fields.biller?.vat_id).toBe(vat);
    const reads = readsWith({
      [`${RPA_ADDRESS_KEYS}/vat:${vat}`]: { id: `vat:${vat}`, address_ids: [5] },
      [`${ADDRESSES}/5`]: address({ vat_id: vat, name: 'Gletscherwerk Energie AG' }),
      [`${DOCUMENTS}/77`]: {
        id: 77,
        category: 'ER_U',
        booking: { biller: invoice.fields.biller?.name ?? null, supplier_account: null },
        booking_origins: { biller: ORIGIN.PDF_Parse },
      },
    });
    const sent: Array<{ streamId: string; command: EditDocumentFields; context: CommandContext }> = [];
    const suggestion = await rpaSuggestionStep(reads, 'ocr-worker')(
      { documentId: 77, clientNo: 1001, fields: invoice.fields },
      async (streamId, command, context) => void sent.push({ streamId, command, context }),
    );
    expect(suggestion).toEqual({ addressId: 5, fields: { biller: 'Gletscherwerk Energie AG', supplier_account: '331040' } });
    expect(sent).toEqual([
      {
        streamId: 'document-77',
        command: { type: 'EditDocumentFields', fields: { biller: 'Gletscherwerk Energie AG', supplier_account: '331040' } },
        context: expect.objectContaining({ originCode: ORIGIN.RPA_Address_Database, userId: 'ocr-worker', clientNo: 1001 }),
      },
    ]);
    expect(ORIGIN.RPA_Address_Database).toBe(51);
  });

  it('finds the biller by IBAN when the invoice has no VAT ID it knows', async () => {
    const iban = invoice.fields.iban!;
    const reads = readsWith({ [`${RPA_ADDRESS_KEYS}/iban:${iban}`]: { id: `iban:${iban}`, address_ids: [5] }, [`${ADDRESSES}/5`]: address({ ibans: [iban] }) });
    expect(await suggestFromRpaDatabase(reads, { documentId: 1, clientNo: 1001, fields: { ...invoice.fields, biller: { name: 'X' } } })).toMatchObject({
      addressId: 5,
      fields: { supplier_account: '331040' },
    });
  });

  it('leaves fields a person set alone and suggests nothing for unknown, ambiguous or withdrawn billers', async () => {
    const vat = invoice.expected.biller!.vat_id!;
    const key = { [`${RPA_ADDRESS_KEYS}/vat:${vat}`]: { id: `vat:${vat}`, address_ids: [5] } };
    const human = readsWith({
      ...key,
      [`${ADDRESSES}/5`]: address({}),
      [`${DOCUMENTS}/1`]: {
        id: 1,
        category: 'ER_U',
        booking: { biller: 'Typed', supplier_account: '330100' },
        booking_origins: { biller: ORIGIN.Human_Labeling, supplier_account: ORIGIN.Human_Labeling },
      },
    });
    expect(await suggestFromRpaDatabase(human, { documentId: 1, clientNo: 1001, fields: invoice.fields })).toBeNull();
    expect(await suggestFromRpaDatabase(readsWith({}), { documentId: 1, clientNo: 1001, fields: invoice.fields })).toBeNull();
    const ambiguous = readsWith({ [`${RPA_ADDRESS_KEYS}/vat:${vat}`]: { id: `vat:${vat}`, address_ids: [5, 6] }, [`${ADDRESSES}/5`]: address({}) });
    expect(await suggestFromRpaDatabase(ambiguous, { documentId: 1, clientNo: 1001, fields: invoice.fields })).toBeNull();
    const withdrawn = readsWith({ ...key, [`${ADDRESSES}/5`]: address({ rpa: false }) });
    expect(await suggestFromRpaDatabase(withdrawn, { documentId: 1, clientNo: 1001, fields: invoice.fields })).toBeNull();
  });

  it('suggests only the name for a client without an account for the biller', async () => {
    const vat = invoice.expected.biller!.vat_id!;
    const reads = readsWith({ [`${RPA_ADDRESS_KEYS}/vat:${vat}`]: { id: `vat:${vat}`, address_ids: [5] }, [`${ADDRESSES}/5`]: address({}) });
    expect(await suggestFromRpaDatabase(reads, { documentId: 1, clientNo: 1004, fields: invoice.fields })).toEqual({
      addressId: 5,
      fields: { biller: 'Alpenstrom Energie AG' },
    });
  });
});
