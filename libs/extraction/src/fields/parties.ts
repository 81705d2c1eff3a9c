import type { Party } from '@portal/contracts';
import { addressBlock, firstColumn } from './address-block';
import { footerCompany, letterheadBiller } from './biller-hints';
import { place, segments } from './party-lines';
import { senderLine } from './sender-line';
import type { FoundVatId } from './vat-id';

export interface Parties {
  biller?: Party;
  recipient?: Party;
  /** The page names two companies as the seller: its name is left empty, to be looked at. */
  unsureBillerName?: boolean;
}

const RECIPIENT_LABEL =
  /^(?:Rechnungsempfänger|Rechnungsadresse|Empfänger|Käufer(?:\/Leistungsempfänger)?|Leistungsempfänger|Kunde|An|Bill\s+to|Billed\s+to|Invoice\s+to|Sold\s+to|Customer|Buyer)(?:\s*:\s*(.*)|\s*$)/i;
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

const companyWords = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The same company, also when one name is a shorter form of the other ("Muster GmbH", "Muster GmbH & Co. KG"). */
function sameCompany(a: string, b: string): boolean {
  const [x, y] = [companyWords(a), companyWords(b)];
  return x.includes(y) || y.includes(x);
}

function withoutName(party: Party): Party {
  const { name: _name, ...rest } = party;
  return rest;
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
  const footer = footerCompany(lines);
  const named = blockAfterLabel(lines, SELLER_LABEL) ?? sender?.party;
  // A seller block that names another company than the footer beside the VAT id and bank details: not sure which.
  const conflict = named?.name !== undefined && footer !== undefined && !sameCompany(named.name, footer);
  const biller = conflict ? withoutName(named!) : (named ?? letterheadBiller(lines, footer));
  let recipient = blockAfterLabel(lines, RECIPIENT_LABEL);
  if (!recipient && sender) recipient = addressBlock(firstColumn(lines, sender.index + 1, 12));
  recipient ??= windowBlock(lines, biller);
  const parties = withVatIds(biller, recipient, vatIds);
  return conflict ? { ...parties, unsureBillerName: true } : parties;
}
