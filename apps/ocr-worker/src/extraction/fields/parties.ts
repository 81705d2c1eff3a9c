import type { Party } from '@portal/contracts';
import type { FoundVatId } from './vat-id';

export interface Parties {
  biller?: Party;
  recipient?: Party;
}

const POSTCODE_CITY = /^(?:([A-Z]{1,3})\s?[-–]\s?|([A-Z]{2})\s)?(\d{4,5})\s+(\p{Lu}[\p{L} .'\-/()]*?)\.?$/u;
const STREET = /^(?:\p{L}[\p{L} .'\-]*?\s?\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+[a-zA-Z]?)?|\d+[a-zA-Z]?\s+\p{L}[\p{L} .'\-]+|Postfach\s+\d+)$/u;
const LEGAL_FORM = /\b(GmbH|AG|KG|OG|OHG|UG|e\.\s?K\.|e\.\s?U\.|GbR|SE|Ltd\.?|LLC|Inc\.?|PLC|S\.?A\.?R?\.?L?|B\.?V\.?|Co\.)(?=\s|$|,)/;
const CONTACT = /(tel\.?|fon|fax|mobil|e-?mail|@|https?:|www\.|seite|page|kundennummer|customer\s+no|datum|date)/i;
const RECIPIENT_LABEL = /^(?:Rechnungsempfänger|Rechnungsadresse|Empfänger|Käufer(?:\/Leistungsempfänger)?|Leistungsempfänger|Kunde|An|Bill\s+to|Billed\s+to|Invoice\s+to|Sold\s+to|Customer|Buyer)(?:\s*:\s*(.*)|\s*$)/i;
const SELLER_LABEL = /^(?:Verkäufer|Rechnungssteller|Leistungserbringer|Lieferant|Seller|Supplier|Vendor|From)(?:\s*:\s*(.*)|\s*$)/i;
const NAME_LABEL = /^(?:Name|Firma|Company)\s*:\s*(.+)$/i;
const STREET_LABEL = /^(?:Anschrift|Adresse|Straße|Strasse|Address|Street)\s*:\s*(.+)$/i;
// Any other "Label: value" line inside an address block (Nummer: 549910, Tel.: ...) is not address.
const OTHER_LABEL = /^\p{L}[\p{L} .\-/]*:\s/u;
const SENDER_SEPARATOR = /\s*[●•·|]\s*|\s[-–]\s|,\s/;
const TITLE = /^(rechnung|invoice|gutschrift|credit\s+note|faktura|quittung|receipt)\b/i;
const COUNTRIES: Record<string, string> = {
  deutschland: 'DE', germany: 'DE', österreich: 'AT', oesterreich: 'AT', austria: 'AT', schweiz: 'CH',
  switzerland: 'CH', italien: 'IT', italy: 'IT', frankreich: 'FR', france: 'FR', niederlande: 'NL',
  netherlands: 'NL', 'united kingdom': 'GB', 'vereinigtes königreich': 'GB', liechtenstein: 'LI',
};
const POSTCODE_PREFIX: Record<string, string> = { D: 'DE', A: 'AT', CH: 'CH', I: 'IT', F: 'FR', NL: 'NL', FL: 'LI', L: 'LU' };

/** Column segments of a line; a lone "Label:" stays with the value in the next column. */
function segments(line: string): string[] {
  const parts = line.split(/\s{3,}/).map((s) => s.trim()).filter((s) => s.length > 0);
  return parts.reduce<string[]>((out, part) => {
    const last = out[out.length - 1];
    if (last !== undefined && /:$/.test(last) && !/:\s/.test(last)) out[out.length - 1] = `${last} ${part}`;
    else out.push(part);
    return out;
  }, []);
}

function place(segment: string): Pick<Party, 'postcode' | 'city' | 'country'> | undefined {
  const m = segment.match(POSTCODE_CITY);
  if (!m) return undefined;
  const country = m[1] ? POSTCODE_PREFIX[m[1]] : m[2];
  return { postcode: m[3], city: m[4].trim(), ...(country ? { country } : {}) };
}

function countryOf(segment: string | undefined): string | undefined {
  return segment ? COUNTRIES[segment.toLowerCase().replace(/\.$/, '')] : undefined;
}

/** DIN 5008 return-address line above the window: "Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen". */
function senderLine(lines: readonly string[]): { index: number; party: Party } | undefined {
  for (let i = 0; i < Math.min(lines.length, 25); i++) {
    for (const segment of segments(lines[i])) {
      const parts = segment.split(SENDER_SEPARATOR).map((p) => p.trim()).filter(Boolean);
      if (parts.length < 3) continue;
      const where = parts.map(place).find((p) => p !== undefined);
      const street = parts.find((p) => STREET.test(p));
      const country = parts.map(countryOf).find((c) => c !== undefined);
      if (where && street) return { index: i, party: { name: parts[0], street, ...where, ...(country ? { country } : {}) } };
    }
  }
  return undefined;
}

interface AddressLine {
  value: string;
  role?: 'name' | 'street';
}

function addressLine(segment: string): AddressLine | undefined {
  const name = segment.match(NAME_LABEL);
  if (name) return { value: name[1].trim(), role: 'name' };
  const street = segment.match(STREET_LABEL);
  if (street) return { value: street[1].trim(), role: 'street' };
  return OTHER_LABEL.test(segment) ? undefined : { value: segment };
}

/** Name, street and place from consecutive address segments (name first, place last). */
function addressBlock(candidates: readonly string[]): Party | undefined {
  const lines = candidates.map(addressLine).filter((l): l is AddressLine => l !== undefined);
  const cityAt = lines.findIndex((l) => place(l.value) !== undefined);
  if (cityAt < 1) return undefined;
  const before = lines.slice(0, cityAt);
  const labelledStreet = before.find((l) => l.role === 'street');
  const streetAt = labelledStreet ? before.indexOf(labelledStreet) : before.map((l) => STREET.test(l.value)).lastIndexOf(true);
  const name = before.find((l) => l.role === 'name') ?? before.find((l, i) => i !== streetAt && !TITLE.test(l.value));
  if (!name) return undefined;
  const country = countryOf(lines[cityAt + 1]?.value);
  return {
    name: name.value,
    ...(streetAt >= 0 ? { street: before[streetAt].value } : {}),
    ...place(lines[cityAt].value),
    ...(country ? { country } : {}),
  };
}

function firstColumn(lines: readonly string[], from: number, count: number): string[] {
  return lines.slice(from, from + count).map((l) => segments(l)[0]).filter((s): s is string => s !== undefined && !CONTACT.test(s));
}

/** A letterhead name has no amounts or dates in it. */
function findsNoNumber(segment: string): boolean {
  return !/\d[.,]\d{2}\b|\d{1,2}\.\d{1,2}\.\d{2,4}/.test(segment);
}

function letterheadBiller(lines: readonly string[]): Party | undefined {
  const top = lines.slice(0, 12).flatMap(segments);
  const nameAt = Math.max(0, top.findIndex((s) => LEGAL_FORM.test(s)));
  const named = top.slice(nameAt).filter((s) => !CONTACT.test(s) && !TITLE.test(s) && !OTHER_LABEL.test(s));
  const block = addressBlock(named.slice(0, 5));
  if (block) return block;
  const name = named.find((s) => /\p{L}{3}/u.test(s) && findsNoNumber(s));
  return name ? { name } : undefined;
}

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

/** Biller (letterhead or return-address line) and recipient (address window), best effort. */
export function findParties(lines: readonly string[], vatIds: readonly FoundVatId[]): Parties {
  const sender = senderLine(lines);
  let biller = blockAfterLabel(lines, SELLER_LABEL) ?? sender?.party ?? letterheadBiller(lines);
  let recipient = blockAfterLabel(lines, RECIPIENT_LABEL);
  if (!recipient && sender) recipient = addressBlock(firstColumn(lines, sender.index + 1, 12));
  if (!recipient) {
    const column = firstColumn(lines, 0, 30).filter((s) => s !== biller?.name && s !== biller?.street);
    const cityAt = column.findIndex((s) => place(s) !== undefined && !sameParty(place(s), biller));
    const block = cityAt > 0 ? addressBlock(column.slice(Math.max(0, cityAt - 3), cityAt + 2)) : undefined;
    if (block && !sameParty(block, biller)) recipient = block;
  }

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
