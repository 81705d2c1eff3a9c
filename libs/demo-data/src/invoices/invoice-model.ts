import type { ExtractedFields, Party } from '@portal/contracts';
import type { UnitKey } from './catalog';
import type { Address, LegalParty } from './parties';
import type { Language } from './texts';

export interface InvoiceLine {
  position: string;
  description: string;
  /** At most two decimals. */
  quantity: number;
  unitKey: UnitKey;
  /** Unit as printed in the invoice language. */
  unit: string;
  unitPriceCents: number;
  netCents: number;
  /** VAT rate in percent. */
  rate: number;
}

export interface TaxLine {
  rate: number;
  netCents: number;
  taxCents: number;
}

export interface Totals {
  /** One line per rate, highest rate first. */
  taxes: TaxLine[];
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface Recipient extends Address {
  /** Only set when the invoice prints the recipient's VAT id. */
  vatId?: string;
}

export interface InvoiceModel {
  number: string;
  /** ISO dates (YYYY-MM-DD). */
  issueDate: string;
  deliveryDate: string;
  dueDate: string;
  language: Language;
  direction: 'incoming' | 'outgoing';
  biller: LegalParty;
  recipient: Recipient;
  customerNumber?: string;
  lines: InvoiceLine[];
  totals: Totals;
  currency: 'EUR';
  paymentReference: string;
}

/** Line net in cents: quantity (two decimals) times unit price, rounded half up to the cent. */
export function lineNetCents(quantity: number, unitPriceCents: number): number {
  const hundredths = Math.round(quantity * 100);
  return Math.round((hundredths * unitPriceCents) / 100);
}

/** VAT per rate is computed on the rate's net sum (not per line), as German and Austrian invoices usually do. */
export function computeTotals(lines: readonly Pick<InvoiceLine, 'netCents' | 'rate'>[]): Totals {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + line.netCents);
  const taxes = [...byRate.entries()].sort(([a], [b]) => b - a).map(([rate, netCents]) => ({ rate, netCents, taxCents: Math.round((netCents * rate) / 100) }));
  const netCents = taxes.reduce((sum, t) => sum + t.netCents, 0);
  const taxCents = taxes.reduce((sum, t) => sum + t.taxCents, 0);
  return { taxes, netCents, taxCents, grossCents: netCents + taxCents };
}

export const toAmount = (cents: number): number => cents / 100;

function toParty(party: Address & { vatId?: string }): Party {
  const out: Party = { name: party.name, street: party.street, postcode: party.postcode, city: party.city, country: party.country };
  if (party.vatId) out.vat_id = party.vatId;
  return out;
}

/** The ground truth: exactly what the invoice prints, in the contract's shape. */
export function toExpected(model: InvoiceModel): ExtractedFields {
  const { totals } = model;
  return {
    invoice_number: model.number,
    invoice_date: model.issueDate,
    due_date: model.dueDate,
    biller: toParty(model.biller),
    recipient: toParty(model.recipient),
    currency: model.currency,
    net_amount: toAmount(totals.netCents),
    tax_amount: toAmount(totals.taxCents),
    gross_amount: toAmount(totals.grossCents),
    tax_rates: totals.taxes.map((t) => t.rate).sort((a, b) => a - b),
    tax_breakdown: totals.taxes.map((t) => ({ rate: t.rate, net: toAmount(t.netCents), tax: toAmount(t.taxCents) })),
    line_items: model.lines.map((l) => ({
      position: l.position,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unit_price: toAmount(l.unitPriceCents),
      net_amount: toAmount(l.netCents),
      tax_rate: l.rate,
    })),
    iban: model.biller.iban,
    bic: model.biller.bic,
    payment_reference: model.paymentReference,
  };
}
