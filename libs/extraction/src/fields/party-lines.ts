import type { Party } from '@portal/contracts';
import { alternation, type VocabularyEntry } from './vocabulary';

// Classifiers for single lines (or column segments) of an address: names, streets, places, labels.

// Postcodes: four to six digits (DE, AT, FR, IT, BE, CH, IN), Dutch "1015 CS", British "RG1 1AA", Irish "D02 X285".
const POSTCODE_CITY =
  /^(?:([A-Z]{1,3})\s?[-–]\s?|([A-Z]{2})\s)?(\d{4,6}|\d{4}\s[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}|[A-Z]\d{2}\s[A-Z\d]{4})\s+(\p{Lu}[\p{L} .'\-/()]*?)\.?$/u;
export const STREET = /^(?:\p{L}[\p{L} .'\-]*?\s?\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+[a-zA-Z]?)?|\d+[a-zA-Z]?\s+\p{L}[\p{L} .'\-]+|Postfach\s+\d+)$/u;
/** Legal-form suffixes that mark a company name (DE, AT, CH, UK, US, FR, NL). */
export const LEGAL_FORM =
  /(?:\b(?:GmbH|GMBH|MBH|SARL|SAS|LTD\.?|INC\.?|AG|a\.\s?G\.|VVaG|KG|OG|OHG|KEG|UG|eG|eGen|GbR|SE|KGaA|mbH|Ltd\.?|LLC|LLP|Inc\.?|PLC|plc|Corp\.?|S\.?A\.?R?\.?L?|SRL|S\.r\.l\.|S\.p\.A\.|S\.n\.c\.|S\.a\.s\.|SPRL|BVBA|B\.?V\.?|N\.?V\.?|V\.O\.F\.|Pvt\.?\s?Ltd\.?|Co\.|e\.\s?[KU]\.|e\.\s?V\.|G\.\s?m\.\s?b\.\s?H\.)|[Gg]es\.?\s?m\.?\s?b\.?\s?H\.?|(?:Aktien|Kommandit)?[Gg]esellschaft)(?=[\s,)]|$)/u;
// Letters, not \b, around the words: "Hôtel Saint Denis" holds no "tel".
export const CONTACT =
  /(?<!\p{L})(?:tel|telefon|telefax|fon|phone|fax|mobil|mobile|e-?mail|seite|page|pagina|blatt|kundennummer|customer\s+no|datum|date)(?!\p{L})|@|https?:|www\./iu;
// A label of the document's details or totals is no name ("Numéro d'avoir", "Montant TTC", "Policen-Nr."), nor a line
// that names another document ("betreft factuur 4711").
const DETAILS_LABEL = new RegExp(
  `^(?:${['invoiceNumber', 'policyNumber', 'payable', 'netTotal', 'invoiceDate', 'dueDate', 'otherDocumentLabel'].map((e) => alternation(e as VocabularyEntry)).join('|')}|(?:${alternation('otherDocument')})\\s+(?:${alternation('invoice')}))(?!\\p{L})`,
  'iu',
);
// A line with a VAT id label or a long run of digits is an identifier, no name ("BTW-nr. NL919454318B63").
const VAT_ID_LINE = new RegExp(
  `(?<!\\p{L})(?:ust-?id(?:nr)?|uid|vat\\s*(?:id|no|reg)|btw-?nr|btw-?nummer|tva\\s+intra|partita\\s+iva|p\\.\\s?iva|gstin)|\\d{6,}`,
  'iu',
);
// Parts of an address that are no name: a floor, a plot, a unit ("3rd Floor, Nariman Point", "Unit 5").
const ADDRESS_PART = /^(?:\d+(?:st|nd|rd|th)\s+floor|(?:floor|plot|sector|unit|suite|building|stock|etage)\s+(?:no\.?\s*)?\d)/i;
const TOTAL_LABEL_ONLY = new RegExp(`^(?:${alternation('grossTotal')})$`, 'iu');
export const TITLE = /^(rechnung|invoice|gutschrift|credit\s+note|faktura|quittung|receipt|facture|factuur|fattura|avoir)\b/i;
/** Headings of an address block that are not a name: a delivery or billing address heading. */
export const ADDRESS_HEADING =
  /^(?:lieferanschrift|lieferadresse|rechnungsanschrift|delivery\s+address|shipping\s+address|ship\s+to|billing\s+address|adresse\s+de\s+(?:livraison|facturation)|afleveradres|factuuradres|indirizzo\s+di\s+(?:consegna|fatturazione))\b/i;
// Any other "Label: value" line inside an address block (Nummer: 549910, Tel.: ...) is not address.
export const OTHER_LABEL = /^\p{L}[\p{L} .\-/]*:\s/u;
/** Labels of the invoice details printed right of the address window; OCR may read ":" as ";". */
const INFO_LABEL = new RegExp(
  '\\s(?:' +
    [
      'Rechnungs-?[\\p{L}]*\\.?',
      'Rechnung\\s+Nr\\.?',
      'Beleg-?(?:nummer|nr\\.?|datum)',
      'Leistungs-?datum',
      'Liefer-?datum',
      'Kunden-?(?:nummer|nr\\.?)',
      'Ihre\\s+(?:UID|USt)[\\w.\\-]*',
      'UID-?Nr\\.?',
      'USt-?Id(?:Nr)?\\.?',
      'F[äa]llig(?:\\s+am|keit)?',
      'Zahlbar\\s+bis',
      'Datum',
      'Seite',
      'Auftrags-?(?:nummer|nr\\.?)',
      'Bestell-?(?:nummer|nr\\.?)',
      'Invoice\\s+(?:number|no\\.?|date)',
      'Delivery\\s+date',
      'Due\\s+date',
      '(?:Issue|Service|Order|Payment)\\s+date',
      'Date\\s+of\\s+(?:issue|supply)',
      'Customer\\s+(?:number|no\\.?)',
      '(?:Your\\s+)?VAT\\s+(?:ID|no\\.?)',
      'Order\\s+(?:number|no\\.?)',
      'Date',
      'Page',
    ].join('|') +
    ')\\s*[:;]',
  'iu',
);
// "·", "●", "•" and "|" separate the parts of a one-line address; OCR often reads the middle dot as " - " or " . ".
const ADDRESS_SEPARATOR = /\s*[●•·|]\s*|\s[-–—.]\s|,\s/;
/** A salutation line starts an address of its own (the recipient's), never continues the one above. */
export const SALUTATION = /^(?:Firma|Herrn?|Frau|Familie|Mr\.?|Mrs\.?|Ms\.?|Messrs\.?)$/i;
const FOR_ATTENTION = /^(?:z\.\s?(?:Hd|H)\.?|zu\s+Händen|Attn\.?|Attention|c\/o)\b/i;
const COUNTRIES: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  osterreich: 'AT',
  oesterreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  italien: 'IT',
  italy: 'IT',
  frankreich: 'FR',
  france: 'FR',
  niederlande: 'NL',
  netherlands: 'NL',
  'united kingdom': 'GB',
  'vereinigtes königreich': 'GB',
  liechtenstein: 'LI',
};
const POSTCODE_PREFIX: Record<string, string> = { D: 'DE', A: 'AT', CH: 'CH', I: 'IT', F: 'FR', NL: 'NL', FL: 'LI', L: 'LU' };

/** Without OCR debris around it: ": Würth GmbH", "~~ Alpenblick GmbH", "6020 Innsbruck ;". */
export function clean(segment: string): string {
  return segment
    .replace(/^[\s:;,.|~_\-–—‘’'"•·●*]+/u, '')
    .replace(/[\s:;,|~_\-–—‘’'"•·●*]+$/u, '')
    .trim();
}

/** The segment up to a label of the invoice details that OCR ran into it ("Alpen GmbH Rechnungsnummer: 12"). */
export function beforeInfoLabel(segment: string): string {
  // A segment that starts with a label is all label and value ("Issue date: 18 November 2023").
  if (INFO_LABEL.test(` ${segment}`) && ` ${segment}`.search(INFO_LABEL) === 0) return segment;
  const at = segment.search(INFO_LABEL);
  return at > 0 ? segment.slice(0, at) : segment;
}

/** Column segments of a line; a lone "Label:" stays with the value in the next column. */
export function segments(line: string): string[] {
  const parts = line
    .split(/\s{3,}/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return parts.reduce<string[]>((out, part) => {
    const last = out[out.length - 1];
    // "Nummer   : 549910" is one label and its value, however wide the gap before the colon.
    if (last !== undefined && ((/:$/.test(last) && !/:\s/.test(last)) || /^:/.test(part))) out[out.length - 1] = `${last} ${part}`;
    else out.push(part);
    return out;
  }, []);
}

export function place(segment: string): Pick<Party, 'postcode' | 'city' | 'country'> | undefined {
  const m = clean(segment).match(POSTCODE_CITY);
  if (!m) return undefined;
  const country = m[1] ? POSTCODE_PREFIX[m[1]] : m[2];
  return { postcode: m[3], city: m[4].trim(), ...(country ? { country } : {}) };
}

export function countryOf(segment: string | undefined): string | undefined {
  return segment ? COUNTRIES[clean(segment).toLowerCase().replace(/\.$/, '')] : undefined;
}

/** The parts of a one-line address ("Bergblick GmbH · Hauptstraße 12 · 6020 Innsbruck"), without debris. */
export function addressParts(segment: string): string[] {
  return segment.split(ADDRESS_SEPARATOR).map(clean).filter(Boolean);
}

/** A whole address on one line: its parts include a street and a place. */
export function isOneLineAddress(segment: string): boolean {
  const parts = addressParts(segment);
  return parts.length >= 2 && parts.some(isStreet) && parts.some((p) => place(p) !== undefined);
}

export function isStreet(segment: string): boolean {
  return STREET.test(clean(segment));
}

/** A letterhead name has no amounts or dates in it. */
export function hasNoNumbers(segment: string): boolean {
  return !/\d[.,]\d{2}\b|\d{1,2}\.\d{1,2}\.\d{2,4}/.test(segment);
}

/**
 * Could be the name line of an address: words, not a street, place, country, contact, title, label,
 * salutation or a whole return-address line.
 */
export function isNameLike(segment: string): boolean {
  const s = clean(segment);
  return (
    /\p{L}{2,}.*\p{L}/u.test(s) &&
    !isStreet(s) &&
    place(s) === undefined &&
    countryOf(s) === undefined &&
    !CONTACT.test(s) &&
    !TITLE.test(s) &&
    !ADDRESS_HEADING.test(s) &&
    !OTHER_LABEL.test(s) &&
    !(DETAILS_LABEL.test(s) && !LEGAL_FORM.test(s)) &&
    !TOTAL_LABEL_ONLY.test(s) &&
    !ADDRESS_PART.test(s) &&
    !VAT_ID_LINE.test(s) &&
    !(PARTY_HEADING.test(s) && !LEGAL_FORM.test(s)) &&
    !SALUTATION.test(s) &&
    !FOR_ATTENTION.test(s) &&
    !/[●•·|]|[:;]\s/.test(s) &&
    !isOneLineAddress(s) &&
    hasNoNumbers(s)
  );
}

export function isCompanyName(segment: string): boolean {
  return isNameLike(segment) && LEGAL_FORM.test(clean(segment));
}

// A company name's first line above the one with its legal form: each word capitalised ("MVM Musterhafter" over
// "Versicherungsverein Musterstadt a.G."), so a slogan ("Ihr Partner für Holz") or a heading is not joined to it.
const NAME_WORDS = /^(?:[\p{Lu}\d][\p{L}\d.'’\-]*|&|\+)(?:\s+(?:[\p{Lu}\d][\p{L}\d.'’\-]*|&|\+))*$/u;
const PARTY_HEADING =
  /^(?:rechnungs(?:steller|ersteller|empfänger)|lieferant|verkäufer|käufer|absender|empfänger|seller|supplier|vendor|buyer|customer|bill(?:ed)?\s+to|from|to|fournisseur|vendeur|acheteur|client|leverancier|klant|fornitore|cliente)\b/iu;

/** A company name with its legal form, joined to the line above when that holds the first words of the same name. */
export function joinWrappedName(above: string | undefined, name: string): string {
  const last = clean(name);
  if (above === undefined || !isNameLike(above) || LEGAL_FORM.test(clean(above)) || PARTY_HEADING.test(clean(above)) || !LEGAL_FORM.test(last)) return last;
  const first = clean(above);
  return NAME_WORDS.test(first) ? `${first} ${last}` : last;
}
