import type { CommandContext } from '@portal/commands';
import { ORIGIN, type AddressRecord, type DocumentBookingFields, type ExtractedFields } from '@portal/contracts';
import { documentDecider, documentStreamId, normalizeVatId, type EditDocumentFields } from '@portal/domain';
import { ADDRESSES, DOCUMENTS, RPA_ADDRESS_KEYS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

/** Origins a person set: a suggestion never overwrites them (Human_Labeling, _Confirmation, _Booking, OCR families' human variants). */
const isHuman = (origin: number | undefined) =>
  origin !== undefined &&
  (origin === ORIGIN.Human_Labeling ||
    origin === ORIGIN.Human_Confirmation ||
    origin === ORIGIN.Human_Booking ||
    (origin >= 17 && origin <= 37 && (origin - 17) % 3 === 2));

export interface SuggestionInput {
  documentId: number;
  clientNo: number;
  fields: ExtractedFields;
}

/** What the step sends: a command on the document's stream with its metadata. */
export type SendDocumentCommand = (streamId: string, command: EditDocumentFields, context: CommandContext) => Promise<unknown>;

export interface Suggestion {
  addressId: number;
  fields: Partial<Pick<DocumentBookingFields, 'biller' | 'recipient' | 'supplier_account'>>;
}

/** The one RPA address holding a key, or null (none, or more than one: ambiguous). */
async function holder(reads: Pick<ReadStore, 'get'>, key: string | null): Promise<AddressRecord | null> {
  if (!key) return null;
  const found = await reads.get(RPA_ADDRESS_KEYS, key);
  if (!found || found.address_ids.length !== 1) return null;
  const address = await reads.get(ADDRESSES, found.address_ids[0]!);
  return address && address.rpa && address.status === 'active' ? address : null;
}

/**
 * The RPA address database's suggestion for an extracted invoice: a biller (incoming) or recipient
 * (outgoing) whose VAT ID, else whose IBAN, is in the RPA database gets the RPA address's name and the
 * client's supplier account. Fields a person already set are left alone. Null when there is nothing to suggest.
 */
export async function suggestFromRpaDatabase(reads: Pick<ReadStore, 'get'>, input: SuggestionInput): Promise<Suggestion | null> {
  const doc = await reads.get(DOCUMENTS, input.documentId);
  const outgoing = doc?.category === 'AR' || doc?.category === 'AR_U';
  const party = outgoing ? input.fields.recipient : input.fields.biller;
  const vatKey = party?.vat_id ? `vat:${normalizeVatId(party.vat_id)}` : null;
  const ibanKey = !outgoing && input.fields.iban ? `iban:${input.fields.iban.replace(/\s+/g, '').toUpperCase()}` : null;
  const address = (await holder(reads, vatKey)) ?? (await holder(reads, ibanKey));
  if (!address) return null;
  const origins = doc?.booking_origins ?? {};
  const current = doc?.booking;
  const nameField = outgoing ? 'recipient' : 'biller';
  const fields: Suggestion['fields'] = {};
  if (address.name.trim() !== '' && !isHuman(origins[nameField]) && current?.[nameField] !== address.name) fields[nameField] = address.name;
  const account = address.accounts.find((a) => a.client_no === input.clientNo)?.[outgoing ? 'customer_account' : 'supplier_account'] ?? null;
  if (account && !isHuman(origins.supplier_account) && current?.supplier_account !== account) fields.supplier_account = account;
  return Object.keys(fields).length ? { addressId: address.id, fields } : null;
}

/**
 * The step the extraction worker calls after recording an extraction: looks the biller up in the RPA
 * address database and records the suggestion as an edit with its own origin code (RPA_Address_Database).
 */
export function rpaSuggestionStep(reads: Pick<ReadStore, 'get'>, userId: string) {
  return async (input: SuggestionInput, send: SendDocumentCommand): Promise<Suggestion | null> => {
    const suggestion = await suggestFromRpaDatabase(reads, input);
    if (!suggestion) return null;
    await send(
      documentStreamId(input.documentId),
      { type: 'EditDocumentFields', fields: suggestion.fields },
      {
        userId,
        clientNo: input.clientNo,
        commandId: `rpa-suggestion-${input.documentId}`,
        correlationId: `rpa-address-${suggestion.addressId}`,
        originCode: ORIGIN.RPA_Address_Database,
      },
    );
    return suggestion;
  };
}

type Runtime = { execute(decider: typeof documentDecider, streamId: string, command: EditDocumentFields, context: CommandContext): Promise<unknown> };

/** The worker's hook: the RPA suggestion over the read store, recorded through the worker's command runtime. */
export function rpaSuggestionHook(reads: Pick<ReadStore, 'get'>, runtime: Runtime, userId: string): (input: SuggestionInput) => Promise<Suggestion | null> {
  const step = rpaSuggestionStep(reads, userId);
  return (input) => step(input, (streamId, command, context) => runtime.execute(documentDecider, streamId, command, context));
}
