import type { ExtractedFields } from '@portal/contracts';
import type { Prng } from '@portal/demo-data';
import { addDays, DATE_STYLES, type AmountStyle, type DateStyle } from './formats';
import { makeParty, otherCompany, type VariedCountry, type VariedParty } from './parties';
import type { VariedLanguage } from './texts';

export type VariedKind = 'invoice' | 'credit_note' | 'correction' | 'insurance';
/** Families of layouts as different producers print them. */
export type VariedStyle = 'details-right' | 'header-grid' | 'stacked' | 'title-line' | 'hosting' | 'tally' | 'inline-pairs' | 'receipt';
export type DueMode = 'label' | 'by-date' | 'within-days' | 'none';
export type BankMode = 'footer-labelled' | 'below-heading' | 'unlabelled-below-heading' | 'account-and-bank-code' | 'sentence' | 'none';
export type TotalsMode = 'lines' | 'table' | 'single-included' | 'single-reverse' | 'single-plain';

export interface VariedLine {
  description: string;
  quantity: number;
  unitCents: number;
  /** The line's amount as printed: net, or with tax included on a page with one total. */
  netCents: number;
  rate: number;
}

export interface VariedTax {
  rate: number;
  netCents: number;
  taxCents: number;
}

export interface VariedModel {
  language: VariedLanguage;
  style: VariedStyle;
  kind: VariedKind;
  /** The document's own number; for an insurance notice without one, undefined. */
  number?: string;
  /** Printed in two text runs that touch ("RE-20" "201121/508"), as some PDF writers do. */
  numberInTwoRuns: boolean;
  policyNumber?: string;
  /** The invoice a credit note or correction refers to. */
  originalNumber?: string;
  issueDate: string;
  deliveryDate: string;
  dueDate: string;
  dueMode: DueMode;
  dueDays: number;
  customerNumber: string;
  dateStyle: DateStyle;
  amountStyle: AmountStyle;
  currency: 'EUR' | 'GBP' | 'INR';
  seller: VariedParty;
  buyer: VariedParty;
  lines: VariedLine[];
  taxes: VariedTax[];
  netCents: number;
  taxCents: number;
  grossCents: number;
  /** Credit notes mostly print positive amounts; some print them negative. */
  printedSign: 1 | -1;
  totalsMode: TotalsMode;
  bankMode: BankMode;
  ibanGrouped: boolean;
  paymentReference?: string;
  /** "Seite 1 von 1" in the header, a count of the lines below the items. */
  printsPage: boolean;
  printsItemCount: boolean;
  scanned: boolean;
}

const RATES: Record<VariedCountry, readonly number[]> = {
  DE: [19, 7],
  AT: [20, 10],
  NL: [21, 9],
  BE: [21, 6],
  FR: [20, 10, 5.5],
  IT: [22, 10],
  GB: [20],
  IE: [23, 13.5],
  IN: [18, 12],
};

const ITEMS: Record<VariedLanguage, readonly string[]> = {
  de: [
    'Wartung Serveranlage',
    'Beratung (Stunden)',
    'Druck Flyer A5, 4/4-farbig',
    'Kabel NYM-J 3x1,5 mm²',
    'Montage vor Ort',
    'Büromaterial lt. Lieferschein',
    'Reinigung Büroräume Oktober',
  ],
  en: [
    'Consulting services (hours)',
    'Annual software licence',
    'Printing of brochures',
    'Cloud server, 4 vCPU',
    'Installation on site',
    'Support plan, monthly',
  ],
  nl: ['Installatiewerkzaamheden', 'Advies (uren)', 'Drukwerk folders', 'Onderhoudscontract', 'Kantoorartikelen'],
  fr: ['Prestation de conseil (heures)', 'Impression de dépliants', 'Maintenance annuelle', 'Fournitures de bureau', 'Installation sur site'],
  it: ['Consulenza (ore)', 'Stampa volantini', 'Manutenzione annuale', 'Materiale di cancelleria', 'Installazione in sede'],
};

const INSURANCE_ITEMS: Record<VariedLanguage, string> = {
  de: 'Betriebshaftpflichtversicherung, Beitrag für den Zeitraum',
  en: 'Public liability insurance, premium for the period',
  nl: 'Aansprakelijkheidsverzekering, premie voor de periode',
  fr: 'Assurance responsabilité civile, prime pour la période',
  it: 'Assicurazione responsabilità civile, premio per il periodo',
};

/** Invoice numbers as different producers write them; {Y} year, {M} month, {D} day, {n} digits. */
const NUMBER_PATTERNS = ['RE-{Y}{M}{D}/{n3}', '{Y}-{n4}', 'INV-{n6}', 'F{Y}-{M}-{n4}', 'R{Y}.{n4}', '{n8}', 'AR{Y}{n5}', '{n5}/{Y}'];
const CREDIT_PATTERNS = ['GS-{Y}-{n3}', 'CN-{n5}', 'AV-{Y}-{n4}', 'G{Y}{n4}'];
const POLICY_PATTERNS = ['VS-{n4}-{n4}', 'LV{n9}', 'P-{Y}-{n6}', '{n3}/{n6}'];

function number(pattern: string, date: string, prng: Prng): string {
  const [y, m, d] = date.split('-');
  return pattern
    .replace('{Y}', y)
    .replace('{M}', m)
    .replace('{D}', d)
    .replace(/\{n(\d+)\}/g, (_, n: string) => `${prng.int(1, 9)}${prng.digits(Number(n) - 1)}`);
}

function isoDate(prng: Prng): string {
  const date = new Date(Date.UTC(2019 + prng.int(0, 6), prng.int(0, 11), prng.int(1, 28)));
  return date.toISOString().slice(0, 10);
}

const COUNTRIES: Record<VariedLanguage, readonly VariedCountry[]> = {
  de: ['DE', 'DE', 'AT'],
  en: ['GB', 'IE', 'DE'],
  nl: ['NL', 'BE'],
  fr: ['FR', 'BE'],
  it: ['IT'],
};

const AMOUNT_STYLES: Record<VariedLanguage, readonly AmountStyle[]> = { de: ['de'], en: ['en'], nl: ['nl', 'de'], fr: ['fr'], it: ['de', 'nl'] };

export interface ComposeChoice {
  language: VariedLanguage;
  style: VariedStyle;
  kind: VariedKind;
  scanned: boolean;
}

/** One invoice's content and how its page prints it. */
export function composeVaried(choice: ComposeChoice, prng: Prng): VariedModel {
  const { language, style, kind } = choice;
  const indian = style === 'tally';
  const country: VariedCountry = indian ? 'IN' : prng.pick(COUNTRIES[language]);
  const seller = makeParty(country, prng, 'company');
  const buyerCountry: VariedCountry = indian ? 'IN' : prng.chance(0.8) ? country : prng.pick(COUNTRIES[language]);
  const buyer = makeParty(
    buyerCountry,
    prng,
    prng.chance(0.2) ? 'person' : 'company',
    prng.chance(0.8) ? otherCompany(buyerCountry, seller.name, prng) : undefined,
  );
  if (buyer.name === seller.name) buyer.name = otherCompany(buyerCountry, seller.name, prng);
  const issueDate = isoDate(prng);
  const dueDays = prng.pick([7, 10, 14, 30]);
  const rates = RATES[country];
  const lineCount = kind === 'insurance' ? 1 : style === 'hosting' ? prng.int(1, 3) : prng.int(1, 5);
  const single = style === 'hosting';
  const reverse = single && prng.chance(0.35);
  const lines: VariedLine[] = [];
  for (let i = 0; i < lineCount; i++) {
    const quantity = kind === 'insurance' || single ? 1 : prng.pick([1, 2, 3, 5, 10, 2.5, 12]);
    const unitCents = prng.int(kind === 'insurance' ? 15000 : 350, kind === 'insurance' ? 250000 : indian ? 9000000 : 180000);
    const rate = reverse ? 0 : single || kind === 'insurance' ? rates[0] : prng.chance(0.75) ? rates[0] : prng.pick(rates);
    const description = kind === 'insurance' ? INSURANCE_ITEMS[language] : prng.pick(ITEMS[language]);
    lines.push({ description, quantity, unitCents, netCents: Math.round(quantity * unitCents), rate });
  }
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + l.netCents);
  // A page with one total prices its lines with tax included: the tax is taken out of the total.
  const taxOf = (cents: number, rate: number): number => (single ? cents - Math.round((cents * 100) / (100 + rate)) : Math.round((cents * rate) / 100));
  const taxes = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, cents]) => ({ rate, netCents: single ? cents - taxOf(cents, rate) : cents, taxCents: taxOf(cents, rate) }));
  const netCents = taxes.reduce((s, t) => s + t.netCents, 0);
  const taxCents = taxes.reduce((s, t) => s + t.taxCents, 0);
  const credit = kind === 'credit_note';
  const patterns = credit ? CREDIT_PATTERNS : NUMBER_PATTERNS;
  const printsNumber = kind !== 'insurance' || prng.chance(0.5);
  const numberPattern = prng.pick(patterns);
  const model: VariedModel = {
    language,
    style,
    kind,
    number: printsNumber ? number(numberPattern, issueDate, prng) : undefined,
    numberInTwoRuns: !choice.scanned && prng.chance(0.15),
    policyNumber: kind === 'insurance' ? number(prng.pick(POLICY_PATTERNS), issueDate, prng) : undefined,
    originalNumber: credit || kind === 'correction' ? number(prng.pick(NUMBER_PATTERNS), addDays(issueDate, -prng.int(5, 60)), prng) : undefined,
    issueDate,
    deliveryDate: addDays(issueDate, -prng.int(0, 10)),
    dueDate: addDays(issueDate, dueDays),
    dueMode: credit
      ? prng.pick(['none', 'none', 'label'] as const)
      : indian
        ? prng.pick(['within-days', 'none'] as const)
        : prng.pick(['label', 'by-date', 'within-days', 'within-days', 'none'] as const),
    dueDays,
    customerNumber: `${prng.int(1, 9)}${prng.digits(prng.int(3, 6))}`,
    dateStyle: indian ? prng.pick(['dd-mon-yyyy', 'dd-mon-yy'] as const) : prng.pick(DATE_STYLES[language]),
    amountStyle: indian ? 'in' : prng.pick(AMOUNT_STYLES[language]),
    currency: indian ? 'INR' : country === 'GB' ? 'GBP' : 'EUR',
    seller,
    buyer,
    lines,
    taxes,
    netCents,
    taxCents,
    grossCents: netCents + taxCents,
    printedSign: credit && prng.chance(0.3) ? -1 : kind === 'correction' && prng.chance(0.5) ? -1 : 1,
    totalsMode: single
      ? reverse
        ? 'single-reverse'
        : prng.pick(['single-included', 'single-plain'] as const)
      : prng.chance(0.3) && !indian
        ? 'table'
        : 'lines',
    bankMode: indian
      ? 'none'
      : prng.pick(
          country === 'DE'
            ? (['footer-labelled', 'below-heading', 'unlabelled-below-heading', 'account-and-bank-code', 'sentence'] as const)
            : (['footer-labelled', 'below-heading', 'unlabelled-below-heading', 'sentence'] as const),
        ),
    ibanGrouped: prng.chance(0.7),
    paymentReference: prng.chance(0.25) && !indian ? `${prng.pick(['RF', 'ZR', ''])}${prng.digits(8)}` : undefined,
    printsPage: prng.chance(choice.scanned ? 0.8 : 0.4),
    printsItemCount: prng.chance(choice.scanned ? 0.6 : 0.2),
    scanned: choice.scanned,
  };
  return model;
}

const money = (cents: number, sign: number): number => (sign * cents) / 100;

/** What the page says, in the contract's shape: the truth an accountant would type in. */
export function truthOf(model: VariedModel): ExtractedFields {
  const sign = model.kind === 'credit_note' ? -1 : model.kind === 'correction' ? model.printedSign : 1;
  const due = model.dueMode === 'none' ? undefined : model.dueDate;
  const truth: ExtractedFields = {
    document_kind: model.kind === 'insurance' ? 'invoice' : model.kind,
    // An insurance notice without a number of its own is filed under its policy number.
    invoice_number: model.number ?? model.policyNumber,
    invoice_date: model.issueDate,
    biller: { name: model.seller.name, ...(model.seller.vatId ? { vat_id: model.seller.vatId } : {}) },
    recipient: { name: model.buyer.name },
    currency: model.currency,
    gross_amount: money(model.grossCents, sign),
  };
  if (due) truth.due_date = due;
  // As the invoice's XML would hold them, also where the page prints only one total.
  truth.net_amount = money(model.netCents, sign);
  truth.tax_amount = money(model.taxCents, sign);
  if (model.kind !== 'insurance' && model.style !== 'tally')
    truth.tax_breakdown = model.taxes.map((t) => ({ rate: t.rate, net: money(t.netCents, sign), tax: money(t.taxCents, sign) }));
  if (model.bankMode !== 'none' && model.seller.iban) truth.iban = model.seller.iban;
  if (model.paymentReference) truth.payment_reference = model.paymentReference;
  return truth;
}
