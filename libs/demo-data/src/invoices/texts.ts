import type { UnitKey } from './catalog';
import type { Country } from './parties';

export type Language = 'de' | 'en';

export interface Labels {
  invoice: string;
  invoiceNumber: string;
  invoiceDate: string;
  deliveryDate: string;
  dueDate: string;
  customerNumber: string;
  yourVatId: string;
  page: string;
  position: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vat: string;
  amount: string;
  net: string;
  taxOn: (rate: number, base: string) => string;
  total: string;
  greeting: string;
  intro: string;
  payment: (due: string) => string;
  paymentReference: string;
  thanks: string;
  bankDetails: string;
  vatId: string;
  phone: string;
  register: string;
  country: Record<Country, string>;
  units: Record<UnitKey, string>;
}

export const LABELS: Record<Language, Labels> = {
  de: {
    invoice: 'Rechnung',
    invoiceNumber: 'Rechnungsnummer',
    invoiceDate: 'Rechnungsdatum',
    deliveryDate: 'Leistungsdatum',
    dueDate: 'Fällig am',
    customerNumber: 'Kundennummer',
    yourVatId: 'Ihre UID-Nr.',
    page: 'Seite 1 von 1',
    position: 'Pos.',
    description: 'Bezeichnung',
    quantity: 'Menge',
    unit: 'Einheit',
    unitPrice: 'Einzelpreis',
    vat: 'USt',
    amount: 'Gesamt',
    net: 'Netto',
    taxOn: (rate, base) => `USt ${rate} % von ${base}`,
    total: 'Gesamtbetrag',
    greeting: 'Sehr geehrte Damen und Herren,',
    intro: 'wir erlauben uns, Ihnen folgende Lieferungen und Leistungen in Rechnung zu stellen:',
    payment: (due) => `Bitte überweisen Sie den Gesamtbetrag bis ${due} ohne Abzug auf das unten angeführte Konto.`,
    paymentReference: 'Verwendungszweck',
    thanks: 'Vielen Dank für Ihren Auftrag!',
    bankDetails: 'Bankverbindung',
    vatId: 'UID-Nr.',
    phone: 'Tel.',
    register: 'Firmenbuch',
    country: { AT: 'Österreich', DE: 'Deutschland' },
    units: {
      piece: 'Stk',
      kg: 'kg',
      hour: 'Std.',
      litre: 'l',
      month: 'Monat',
      pack: 'Pkg.',
      bottle: 'Fl.',
      crate: 'Kiste',
      flat: 'pauschal',
      km: 'km',
      pallet: 'Palette',
      kwh: 'kWh',
    },
  },
  en: {
    invoice: 'Invoice',
    invoiceNumber: 'Invoice number',
    invoiceDate: 'Invoice date',
    deliveryDate: 'Delivery date',
    dueDate: 'Due date',
    customerNumber: 'Customer number',
    yourVatId: 'Your VAT ID',
    page: 'Page 1 of 1',
    position: 'No.',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit',
    unitPrice: 'Unit price',
    vat: 'VAT',
    amount: 'Amount',
    net: 'Net',
    taxOn: (rate, base) => `VAT ${rate} % on ${base}`,
    total: 'Total',
    greeting: 'Dear Sir or Madam,',
    intro: 'thank you for your order. We invoice the following goods and services:',
    payment: (due) => `Please transfer the total amount by ${due} without deduction to the account below.`,
    paymentReference: 'Payment reference',
    thanks: 'Thank you for your business!',
    bankDetails: 'Bank details',
    vatId: 'VAT ID',
    phone: 'Phone',
    register: 'Company register',
    country: { AT: 'Austria', DE: 'Germany' },
    units: {
      piece: 'pcs',
      kg: 'kg',
      hour: 'h',
      litre: 'l',
      month: 'month',
      pack: 'pack',
      bottle: 'btl.',
      crate: 'crate',
      flat: 'lump sum',
      km: 'km',
      pallet: 'pallet',
      kwh: 'kWh',
    },
  },
};

/** UN/ECE Recommendation 20/21 unit codes for the CII XML. */
export const UNIT_CODES: Record<UnitKey, string> = {
  piece: 'C62',
  kg: 'KGM',
  hour: 'HUR',
  litre: 'LTR',
  month: 'MON',
  pack: 'XPK',
  bottle: 'XBO',
  crate: 'XCS',
  flat: 'LS',
  km: 'KMT',
  pallet: 'XPX',
  kwh: 'KWH',
};

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function groupThousands(integer: string, separator: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Amount in cents as "1.234,56" (de) or "1,234.56" (en). */
export function formatNumber(cents: number, language: Language): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const integer = groupThousands(String(Math.floor(abs / 100)), language === 'de' ? '.' : ',');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${integer}${language === 'de' ? ',' : '.'}${fraction}`;
}

/** "1.234,56 €" (de) or "EUR 1,234.56" (en). */
export function formatMoney(cents: number, language: Language): string {
  return language === 'de' ? `${formatNumber(cents, language)} €` : `EUR ${formatNumber(cents, language)}`;
}

/** Quantities as printed: integers plain, fractions with up to two decimals in the locale's separator. */
export function formatQuantity(quantity: number, language: Language): string {
  const text = Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(2).replace(/0$/, '');
  const [integer, fraction] = text.split('.');
  const grouped = groupThousands(integer, language === 'de' ? '.' : ',');
  return fraction ? `${grouped}${language === 'de' ? ',' : '.'}${fraction}` : grouped;
}

/** ISO date (YYYY-MM-DD) as "14.03.2026" (de) or "14 March 2026" (en). */
export function formatDate(iso: string, language: Language): string {
  const [y, m, d] = iso.split('-');
  return language === 'de' ? `${d}.${m}.${y}` : `${Number(d)} ${MONTHS_EN[Number(m) - 1]} ${y}`;
}
