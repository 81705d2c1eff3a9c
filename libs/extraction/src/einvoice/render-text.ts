import type { ExtractedFields, Party } from '@portal/contracts';

type Language = 'de' | 'en';

const LABELS = {
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    due: 'Fällig am',
    seller: 'Verkäufer',
    buyer: 'Käufer',
    vat: 'USt-IdNr.',
    lines: 'Positionen',
    taxes: 'Umsatzsteuer',
    net: 'Nettobetrag',
    tax: 'Steuerbetrag',
    gross: 'Gesamtbetrag',
    payment: 'Zahlung',
    reference: 'Verwendungszweck',
    on: 'auf',
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    due: 'Due date',
    seller: 'Seller',
    buyer: 'Buyer',
    vat: 'VAT ID',
    lines: 'Lines',
    taxes: 'VAT',
    net: 'Net amount',
    tax: 'Tax amount',
    gross: 'Total amount',
    payment: 'Payment',
    reference: 'Payment reference',
    on: 'on',
  },
} as const;

function money(value: number | undefined, currency: string | undefined, lang: Language): string {
  if (value === undefined) return '';
  const formatted = value.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return currency ? `${formatted} ${currency}` : formatted;
}

function partyLines(label: string, party: Party | undefined, vatLabel: string): string[] {
  if (!party) return [];
  const place = [party.postcode, party.city].filter(Boolean).join(' ');
  const lines = [party.name, party.street, [place, party.country].filter(Boolean).join(', ')];
  if (party.vat_id) lines.push(`${vatLabel}: ${party.vat_id}`);
  return [`${label}:`, ...lines.filter((l): l is string => Boolean(l)).map((l) => `  ${l}`)];
}

/** A plain-text rendering of an e-invoice (seller, buyer, lines, taxes, totals) for display and search. */
export function renderEInvoiceText(fields: ExtractedFields, lang: Language = 'de'): string {
  const t = LABELS[lang];
  const cur = fields.currency;
  const out: string[] = [t.title];
  if (fields.invoice_number) out.push(`${t.number}: ${fields.invoice_number}`);
  if (fields.invoice_date) out.push(`${t.date}: ${fields.invoice_date}`);
  if (fields.due_date) out.push(`${t.due}: ${fields.due_date}`);
  out.push('', ...partyLines(t.seller, fields.biller, t.vat), '', ...partyLines(t.buyer, fields.recipient, t.vat));
  if (fields.line_items?.length) {
    out.push('', `${t.lines}:`);
    for (const item of fields.line_items) {
      const qty = item.quantity !== undefined ? `${item.quantity}${item.unit ? ` ${item.unit}` : ''} × ` : '';
      const price = item.unit_price !== undefined ? `${money(item.unit_price, cur, lang)} = ` : '';
      const rate = item.tax_rate !== undefined ? ` (${item.tax_rate} %)` : '';
      out.push(`  ${item.position ? `${item.position}. ` : ''}${item.description}: ${qty}${price}${money(item.net_amount, cur, lang)}${rate}`);
    }
  }
  if (fields.tax_breakdown?.length) {
    out.push('', `${t.taxes}:`);
    for (const b of fields.tax_breakdown) {
      out.push(`  ${b.rate} %${b.category ? ` (${b.category})` : ''} ${t.on} ${money(b.net, cur, lang)}: ${money(b.tax, cur, lang)}`);
    }
  }
  out.push('');
  if (fields.net_amount !== undefined) out.push(`${t.net}: ${money(fields.net_amount, cur, lang)}`);
  if (fields.tax_amount !== undefined) out.push(`${t.tax}: ${money(fields.tax_amount, cur, lang)}`);
  if (fields.gross_amount !== undefined) out.push(`${t.gross}: ${money(fields.gross_amount, cur, lang)}`);
  const payment = [fields.iban && `IBAN ${fields.iban}`, fields.bic && `BIC ${fields.bic}`].filter(Boolean).join(', ');
  if (payment) out.push(`${t.payment}: ${payment}`);
  if (fields.payment_reference) out.push(`${t.reference}: ${fields.payment_reference}`);
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
