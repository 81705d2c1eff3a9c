import type { Party } from '@portal/contracts';
import { addressBlock, firstColumn } from './address-block';
import { footerCompany, letterheadBiller } from './biller-hints';
import { place, segments } from './party-lines';
import { senderLine } from './sender-line';
import type { FoundVatId } from './vat-id';

export interface Parties {
  biller?: Party;
  recipient?: Party;
}

const RECIPIENT_LABEL = /^(?:Rechnungsempfänger|Rechnungsadresse|Empfänger|Käufer(?:\/Leistungsempfänger)?|Leistungsempfänger|Kunde|An|Bill\s+to|Billed\s+to|Invoice\s+to|Sold\s+to|Customer|Buyer)(?:\s*:\s*(.*)|\s*$)/i;
const SELLER_LABEL = /^(?:Verkäufer|Rechnungssteller|Leistungserbringer|Lieferant|Seller|Supplier|Vendor|From)(?:\s*:\s*(.*)|\s*$)/i;

/** The address block under a heading such as "Rechnungsempfänger:", "Verkäufer" or "Bill to:". */
function blockAfterLabel(lines: readonly string[], label: RegExp): Party | undefined {
  for (let i = 0; i < lines.length; i++) {
    const m = segments(lines[i])[0]?.match(label);
    if (!m) continue;
    const head = m[1]?.trim() ? [m[1].trim()] : [];
    const block = addressBlock([...head, ...firstColumn(lines, i + 1, 8)]);
    if (block) return block;
  }
  return undefined;
}

function sameParty(a: Party | undefined, b: Party | undefined): boolean {
  return !!a && !!b && a.postcode === b.postcode && a.city === b.city;
}

function sameName(a: Party | undefined, b: Party | undefined): boolean {
  return !!a?.name && !!b?.name && a.name.toLowerCase() === b.name.toLowerCase();
}

/** Without a label or return-address line: the first address block in the left column that is not the biller's. */
function windowBlock(lines: readonly string[], biller: Party | undefined): Party | undefined {
  const column = firstColumn(lines, 0, 30).filter((s) => s !== biller?.name && s !== biller?.street);
  const cityAt = column.findIndex((s) => place(s) !== undefined && !sameParty(place(s), biller));
  const block = cityAt > 0 ? addressBlock(column.slice(Math.max(0, cityAt - 3), cityAt + 2)) : undefined;
  return block && !sameParty(block, biller) && !sameName(block, biller) ? block : undefined;
}

function withVatIds(biller: Party | undefined, recipient: Party | undefined, vatIds: readonly FoundVatId[]): Parties {
  const billerVat = vatIds.find((v) => !v.recipient)?.id;
  const recipientVat = vatIds.find((v) => v.recipient)?.id;
  if (biller) {
    biller = { ...biller, ...(billerVat ? { vat_id: billerVat } : {}) };
    biller.country ??= billerVat ? billerVat.slice(0, 2).replace('EL', 'GR') : undefined;
    if (biller.country === undefined) delete biller.country;
  }
  if (recipient) {
    recipient = { ...recipient, ...(recipientVat ? { vat_id: recipientVat } : {}) };
    // DIN 5008: a domestic address carries no country line, so it is the sender's country.
    recipient.country ??= recipientVat?.slice(0, 2) ?? (recipient.postcode ? biller?.country : undefined);
    if (recipient.country === undefined) delete recipient.country;
  }
  return { ...(biller ? { biller } : {}), ...(recipient ? { recipient } : {}) };
}

/**
 * Biller and recipient, best effort. The biller is a labelled seller block, else the return-address line above
 * the window, else the letterhead (preferring the company the footer names beside VAT id, IBAN or register).
 * The recipient is a labelled block, else the address window below the return-address line, else the first
 * other address block in the left column.
 */
export function findParties(lines: readonly string[], vatIds: readonly FoundVatId[]): Parties {
  const sender = senderLine(lines);
  const biller = blockAfterLabel(lines, SELLER_LABEL) ?? sender?.party ?? letterheadBiller(lines, footerCompany(lines));
  let recipient = blockAfterLabel(lines, RECIPIENT_LABEL);
  if (!recipient && sender) recipient = addressBlock(firstColumn(lines, sender.index + 1, 12));
  recipient ??= windowBlock(lines, biller);
  return withVatIds(biller, recipient, vatIds);
}
