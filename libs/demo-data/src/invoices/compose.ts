import { computeTotals, lineNetCents, type InvoiceLine, type InvoiceModel, type Recipient } from './invoice-model';
import type { CatalogItem, RateKind } from './catalog';
import type { Country, Customer, DemoCompany, LegalParty } from './parties';
import { prngFor, type Prng } from './prng';
import { LABELS, type Language } from './texts';

const RATES: Record<Country, Record<RateKind, number>> = {
  AT: { standard: 20, reduced: 10, special: 13 },
  DE: { standard: 19, reduced: 7, special: 7 },
};

const DAY_MS = 86_400_000;

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS));
}

/** Fills an invoice number template: {YYYY}, {YY}, {MM} and {nK}, a running number of K digits without leading zero. */
export function fillNumberPattern(pattern: string, issueDate: string, prng: Prng, running?: number): string {
  const [yyyy, mm] = issueDate.split('-');
  return pattern
    .replace(/\{YYYY\}/g, yyyy)
    .replace(/\{YY\}/g, yyyy.slice(2))
    .replace(/\{MM\}/g, mm)
    .replace(/\{n(\d+)\}/g, (_, k: string) => {
      const length = Number(k);
      if (running !== undefined) return String(running).padStart(length, '0');
      // Short running numbers of small businesses keep their leading zeros (RE-2026-00123).
      return length <= 5 ? String(prng.int(1, 10 ** (length - 1) * 3)).padStart(length, '0') : `${prng.int(1, 9)}${prng.digits(length - 1)}`;
    });
}

function pickPrice(item: CatalogItem, prng: Prng): number {
  const [min, max] = item.price;
  const cents = Math.round((min + (max - min) * prng.next()) * 100);
  // Retail-looking prices (x.90, x.49) for cheap goods, round figures for services.
  if (max >= 50 && item.unit !== 'kwh' && prng.chance(0.5)) return Math.round(cents / 100) * 100;
  if (max < 50 && max > 1 && prng.chance(0.5)) return Math.floor(cents / 10) * 10 + 9;
  return cents;
}

function pickQuantity(item: CatalogItem, prng: Prng): number {
  const [min, max] = item.quantity;
  if (item.fractional && prng.chance(0.6)) return Math.round((min + (max - min) * prng.next()) * 4) / 4 || min;
  return prng.int(min, max);
}

export interface ComposeContext {
  company: DemoCompany;
  suppliers: readonly LegalParty[];
  customers: readonly Customer[];
  direction: 'incoming' | 'outgoing';
  language: Language;
  today: Date;
  usedNumbers: Set<string>;
}

/** Builds the content of one invoice; all randomness comes from the given PRNG. */
export function composeInvoice(ctx: ComposeContext, prng: Prng): InvoiceModel {
  const { company, direction, language } = ctx;
  const biller = direction === 'incoming' ? prng.pick(ctx.suppliers) : company.party;
  let recipient: Recipient;
  if (direction === 'incoming') {
    recipient = {
      name: company.party.name,
      street: company.party.street,
      postcode: company.party.postcode,
      city: company.party.city,
      country: company.party.country,
    };
    if (prng.chance(0.5)) recipient.vatId = company.party.vatId;
  } else {
    const customer = prng.pick(ctx.customers);
    recipient = { name: customer.name, street: customer.street, postcode: customer.postcode, city: customer.city, country: customer.country };
    if (customer.vatId && prng.chance(0.7)) recipient.vatId = customer.vatId;
  }

  const issueDate = isoDate(new Date(Date.UTC(ctx.today.getUTCFullYear(), ctx.today.getUTCMonth(), ctx.today.getUTCDate()) - prng.int(2, 425) * DAY_MS));
  const deliveryDate = addDays(issueDate, -prng.int(0, 12));
  const dueDate = addDays(issueDate, biller.paymentDays);

  // The company's own numbers run through the year (about one invoice per working day), suppliers' look random.
  const dayOfYear = (Date.parse(`${issueDate}T00:00:00Z`) - Date.UTC(Number(issueDate.slice(0, 4)), 0, 1)) / DAY_MS;
  let running = direction === 'outgoing' ? Math.floor(dayOfYear * 0.7) + prng.int(1, 3) : undefined;
  let number = fillNumberPattern(biller.numberPattern, issueDate, prng, running);
  while (ctx.usedNumbers.has(`${biller.name}|${number}`)) {
    running = running === undefined ? undefined : running + 1;
    number = fillNumberPattern(biller.numberPattern, issueDate, prng, running);
  }
  ctx.usedNumbers.add(`${biller.name}|${number}`);

  const customerNumber = prngFor('customer-number', biller.name, recipient.name).int(10000, 999999).toString();
  const printCustomerNumber = biller.referenceStyle === 'customer' || prng.chance(0.5);
  const paymentReference =
    biller.referenceStyle === 'customer'
      ? language === 'de'
        ? `Kd.-Nr. ${customerNumber} / RE ${number}`
        : `Cust. no. ${customerNumber} / Inv. ${number}`
      : number;

  const labels = LABELS[language];
  const catalog = prng.shuffle(biller.items);
  const count = Math.min(catalog.length, prng.int(1, 8));
  const lines: InvoiceLine[] = catalog.slice(0, count).map((item, i) => {
    const quantity = pickQuantity(item, prng);
    const unitPriceCents = pickPrice(item, prng);
    return {
      position: String(i + 1),
      description: item[language],
      quantity,
      unitKey: item.unit,
      unit: labels.units[item.unit],
      unitPriceCents,
      netCents: lineNetCents(quantity, unitPriceCents),
      rate: RATES[biller.country][item.rate],
    };
  });

  return {
    number,
    issueDate,
    deliveryDate,
    dueDate,
    language,
    direction,
    biller,
    recipient,
    customerNumber: printCustomerNumber ? customerNumber : undefined,
    lines,
    totals: computeTotals(lines),
    currency: 'EUR',
    paymentReference,
  };
}
