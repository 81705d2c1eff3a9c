import { textWidth, wrapText } from '@portal/demo-data';
import type { Prng } from '@portal/demo-data';
import { formatDate, formatMoney, formatNumber } from './formats';
import type { VariedModel } from './model';
import { GREY, LEFT, Page, RIGHT } from './page';
import { WORDS, type VariedWords } from './texts';

export type Pair = [label: string, value: string, kind?: 'number'];

const groupIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** The parts every layout prints (letterhead, window, details, items, totals, terms, footer), in the invoice's words. */
export class Printer {
  readonly page = new Page();
  readonly w: VariedWords;
  constructor(
    readonly m: VariedModel,
    readonly prng: Prng,
  ) {
    this.w = WORDS[m.language];
  }

  date(iso: string): string {
    return formatDate(iso, this.m.dateStyle, this.m.language);
  }

  /** An amount as the page prints it: a credit note's totals mostly positive, some negative. */
  money(cents: number, code = false): string {
    return formatMoney(this.m.printedSign * cents, this.m.amountStyle, this.m.currency, code);
  }

  plain(cents: number): string {
    return formatNumber(this.m.printedSign * cents, this.m.amountStyle);
  }

  title(): string {
    const { kind } = this.m;
    const list =
      kind === 'credit_note'
        ? this.w.creditTitle
        : kind === 'correction'
          ? this.w.correctionTitle
          : kind === 'insurance'
            ? this.w.insuranceTitle
            : this.w.invoiceTitle;
    return this.prng.pick(list);
  }

  numberLabel(): string {
    const { kind } = this.m;
    return this.prng.pick(kind === 'credit_note' ? this.w.creditNumber : kind === 'correction' ? this.w.correctionNumber : this.w.invoiceNumber);
  }

  /** The header's label/value pairs in the order producers print them. */
  pairs(plainDate: boolean): Pair[] {
    const m = this.m;
    const out: Pair[] = [];
    if (m.policyNumber) out.push([this.prng.pick(this.w.policyNumber), m.policyNumber]);
    if (m.number) out.push([this.numberLabel(), m.number, 'number']);
    out.push([plainDate ? this.w.date[0] : this.prng.pick(this.w.invoiceDate), this.date(m.issueDate)]);
    if (this.prng.chance(0.5)) out.push([this.prng.pick(this.w.deliveryDate), this.date(m.deliveryDate)]);
    out.push([this.prng.pick(this.w.customerNumber), m.customerNumber]);
    if (this.prng.chance(0.3)) out.push([this.prng.pick(this.w.orderNumber), `${this.prng.pick(['PO-', 'B', ''])}${this.prng.digits(6)}`]);
    if (m.dueMode === 'label') out.push([this.prng.pick(this.w.dueDate), this.date(m.dueDate)]);
    return out;
  }

  /** The number printed as one run, or as two that touch. */
  value(x: number, y: number, pair: Pair, size = 9, bold = false, align: 'left' | 'right' = 'left'): void {
    const [, value, kind] = pair;
    const left = align === 'right' ? x - textWidth(value, size, bold) : x;
    if (kind === 'number' && this.m.numberInTwoRuns && value.length > 5) this.page.twoRuns(left, y, value, 5, size, bold);
    else this.page.text(left, y, value, size, { bold });
  }

  letterhead(): void {
    const { seller } = this.m;
    const p = this.page;
    const right = this.m.style !== 'tally' && this.prng.chance(0.4);
    const size = textWidth(seller.name, 16, true) > 260 ? 12 : 16;
    if (right) p.right(RIGHT, 52, seller.name, size, { bold: true });
    else p.text(LEFT, 52, seller.name, size, { bold: true });
    const address = `${seller.street} · ${seller.postcode} ${seller.city}`;
    if (right) p.right(RIGHT, 66, address, 8, { color: GREY });
    else p.text(LEFT, 66, address, 8, { color: GREY });
    if (seller.vatId && this.prng.chance(0.4)) {
      const line = `${this.prng.pick(this.w.vatId)} ${seller.vatId}`;
      if (right) p.right(RIGHT, 77, line, 8, { color: GREY });
      else p.text(LEFT, 77, line, 8, { color: GREY });
    }
    if (seller.gstin) p.text(LEFT, 88, `GSTIN/UIN: ${seller.gstin}`, 8);
  }

  buyerWindow(y: number): void {
    const { seller, buyer } = this.m;
    const p = this.page;
    if (this.prng.chance(0.6)) p.text(LEFT, y - 16, `${seller.name} · ${seller.street} · ${seller.postcode} ${seller.city}`, 6.5, { color: GREY });
    [buyer.name, buyer.street, `${buyer.postcode} ${buyer.city}`].forEach((line, i) => p.text(LEFT, y + i * 13, line, 10));
  }

  items(y: number): number {
    const m = this.m;
    const p = this.page;
    const col = { desc: LEFT + 4, qty: 330, price: 420, vat: 465, amount: RIGHT - 4 };
    p.fill(LEFT, y - 11, RIGHT - LEFT, 16);
    p.text(col.desc, y, this.w.description, 8.5, { bold: true });
    p.right(col.qty, y, this.w.quantity, 8.5, { bold: true });
    p.right(col.price, y, this.w.unitPrice, 8.5, { bold: true });
    p.right(col.vat, y, this.w.vat, 8.5, { bold: true });
    p.right(col.amount, y, this.w.amount, 8.5, { bold: true });
    y += 18;
    for (const line of m.lines) {
      const desc = wrapText(line.description, 9, col.qty - 60 - col.desc);
      desc.forEach((text, i) => p.text(col.desc, y + i * 11, text, 9));
      p.right(col.qty, y, String(line.quantity).replace('.', m.amountStyle === 'en' || m.amountStyle === 'in' ? '.' : ','), 9);
      p.right(col.price, y, formatNumber(line.unitCents, m.amountStyle), 9);
      p.right(col.vat, y, `${String(line.rate).replace('.', m.amountStyle === 'en' || m.amountStyle === 'in' ? '.' : ',')} %`, 9);
      p.right(col.amount, y, this.plain(line.netCents), 9);
      y += 14 + (desc.length - 1) * 11;
    }
    p.rule(LEFT, y - 8, RIGHT);
    if (m.printsItemCount) {
      p.text(LEFT, y + 4, this.w.itemCount(m.lines.length), 8, { color: GREY });
      y += 12;
    }
    return y + 10;
  }

  rateText(rate: number): string {
    return String(rate).replace('.', this.m.amountStyle === 'en' || this.m.amountStyle === 'in' ? '.' : ',');
  }

  totals(y: number): number {
    const m = this.m;
    const p = this.page;
    const labelX = 330;
    const row = (label: string, amount: string, bold = false): void => {
      p.text(labelX, y, label, bold ? 10.5 : 9.5, { bold });
      p.right(RIGHT - 4, y, amount, bold ? 10.5 : 9.5, { bold });
      y += bold ? 18 : 15;
    };
    if (m.totalsMode === 'table') {
      const cols = [LEFT + 200, LEFT + 290, LEFT + 380, RIGHT - 4];
      const heads = [`${this.w.vat} %`, this.prng.pick(this.w.net), this.w.vat, this.prng.pick(this.w.gross)];
      heads.forEach((h, i) => p.right(cols[i], y, h, 8.5, { bold: true }));
      y += 14;
      for (const t of m.taxes) {
        [`${this.rateText(t.rate)} %`, this.plain(t.netCents), this.plain(t.taxCents), this.plain(t.netCents + t.taxCents)].forEach((v, i) =>
          p.right(cols[i], y, v, 9),
        );
        y += 13;
      }
      if (m.taxes.length > 1) {
        ['', this.plain(m.netCents), this.plain(m.taxCents), this.plain(m.grossCents)].forEach((v, i) => v && p.right(cols[i], y, v, 9, { bold: true }));
        y += 13;
      }
      y += 6;
      row(this.prng.pick(this.w.gross), this.money(m.grossCents), true);
      return y;
    }
    if (m.totalsMode.startsWith('single')) {
      row(this.prng.pick(this.w.singleTotal), this.money(m.grossCents, this.prng.chance(0.3)), true);
      if (m.totalsMode === 'single-included') p.text(LEFT, y, this.w.includedTax(m.taxes[0].rate, this.money(m.taxCents)), 8.5);
      if (m.totalsMode === 'single-reverse') p.text(LEFT, y, this.prng.pick(this.w.reverseCharge), 8.5);
      return y + 16;
    }
    if (m.kind === 'insurance') {
      row(this.prng.pick(this.w.premium), this.money(m.netCents));
      row(this.w.insuranceTax(m.taxes[0].rate), this.money(m.taxCents));
      row(this.prng.pick(this.w.gross), this.money(m.grossCents), true);
      return y;
    }
    row(this.prng.pick(this.w.net), this.money(m.netCents));
    for (const t of m.taxes)
      row(this.prng.pick(this.w.tax(Number(this.rateText(t.rate).replace(',', '.')))).replace(String(t.rate), this.rateText(t.rate)), this.money(t.taxCents));
    p.rule(labelX, y - 10, RIGHT);
    row(this.prng.pick(this.w.gross), this.money(m.grossCents), true);
    return y;
  }

  payment(y: number): number {
    const m = this.m;
    const p = this.page;
    const sentences: string[] = [];
    if (m.kind === 'credit_note' && m.originalNumber) sentences.push(this.w.refersTo(m.originalNumber));
    if (m.kind === 'correction' && m.originalNumber) sentences.push(this.w.refersTo(m.originalNumber));
    if (m.dueMode === 'by-date') sentences.push(this.prng.pick(this.w.payByDate(this.date(m.dueDate))));
    if (m.dueMode === 'within-days') sentences.push(this.prng.pick(this.w.payWithinDays(m.dueDays)));
    if (m.bankMode === 'sentence' && m.seller.iban) {
      const iban = m.ibanGrouped ? groupIban(m.seller.iban) : m.seller.iban;
      sentences.push(
        m.language === 'de'
          ? `Bitte überweisen Sie auf unser Konto IBAN ${iban} bei der ${m.seller.bankName}.`
          : m.language === 'en'
            ? `Please transfer to our account IBAN ${iban} at ${m.seller.bankName}.`
            : `IBAN ${iban} (${m.seller.bankName})`,
      );
    }
    if (m.paymentReference) sentences.push(`${this.prng.pick(this.w.paymentReference)}: ${m.paymentReference}`);
    for (const s of sentences) {
      for (const line of wrapText(s, 9, RIGHT - LEFT)) {
        p.text(LEFT, y, line, 9);
        y += 12;
      }
    }
    return y;
  }

  footer(): void {
    const m = this.m;
    const p = this.page;
    const { seller } = m;
    const top = 760;
    p.rule(LEFT, top - 10, RIGHT);
    const first = [seller.name, seller.street, `${seller.postcode} ${seller.city}`];
    first.forEach((t, i) => p.text(LEFT, top + i * 10, t, 7, { color: GREY }));
    const iban = seller.iban ? (m.ibanGrouped ? groupIban(seller.iban) : seller.iban) : '';
    let bank: string[] = [];
    const heading = this.prng.pick(this.w.bankHeading);
    if (m.bankMode === 'footer-labelled') bank = [heading, seller.bankName ?? '', `IBAN: ${iban}`, `BIC: ${seller.bic}`];
    if (m.bankMode === 'below-heading') bank = [heading, `${seller.bankName} · IBAN ${iban} · BIC ${seller.bic}`];
    if (m.bankMode === 'unlabelled-below-heading') bank = [heading, seller.bankName ?? '', iban, seller.bic ?? ''];
    if (m.bankMode === 'account-and-bank-code' && seller.account)
      bank = [
        heading,
        seller.bankName ?? '',
        `Konto-Nr. ${seller.account.number} · BLZ ${seller.account.bankCode.replace(/(\d{3})(\d{3})(\d{2})/, '$1 $2 $3')}`,
      ];
    const bankX = bank.some((t) => textWidth(t, 7) > 170) ? 200 : 230;
    bank.forEach((t, i) => p.text(bankX, top + i * 10, t, 7, { color: GREY }));
    const tax = [
      seller.vatId ? `${this.prng.pick(this.w.vatId)}: ${seller.vatId}` : '',
      this.prng.chance(0.5) ? `Tel. +${this.prng.digits(2)} ${this.prng.digits(3)} ${this.prng.digits(6)}` : '',
    ].filter(Boolean);
    tax.forEach((t, i) => p.right(RIGHT, top + i * 10, t, 7, { color: GREY }));
  }
}
