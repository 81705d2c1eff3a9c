import type { DrawOp } from '@portal/demo-data';
import { textWidth } from '@portal/demo-data';
import type { Prng } from '@portal/demo-data';
import { formatNumber } from './formats';
import type { VariedModel } from './model';
import { GREY, LEFT, RIGHT } from './page';
import { Printer } from './printer';

/** Label: value lines in the right column beside the address window (value flush right or after the label). */
function detailsRight(pr: Printer): number {
  const p = pr.page;
  const pairs = pr.pairs(pr.prng.chance(0.3));
  const flush = pr.prng.chance(0.6);
  const colon = pr.prng.chance(0.7) ? ':' : '';
  pairs.forEach((pair, i) => {
    const y = 150 + i * 13;
    p.text(330, y, `${pair[0]}${colon}`, 8.5, { color: GREY });
    pr.value(flush ? RIGHT : 435, y, pair, 8.5, i === 0, flush ? 'right' : 'left');
  });
  if (pr.m.printsPage) p.right(RIGHT, 110, pr.w.page(1, 1), 7.5, { color: GREY });
  const y = Math.max(150 + pairs.length * 13, 200) + 36;
  p.text(LEFT, y, pr.title(), 16, { bold: true });
  return y + 26;
}

/** A table across the page: a row of labels, the row of values below it, page number in the last cell. */
function headerGrid(pr: Printer): number {
  const p = pr.page;
  const y = 250;
  p.text(LEFT, y - 22, pr.title(), 16, { bold: true });
  // At most five cells: the number, date and due date stay, other details go first.
  const all = pr.pairs(pr.prng.chance(0.6));
  const pairs = all.length > 5 ? all.filter((pair, i) => i < 3 || pair[1] === pr.date(pr.m.dueDate)).slice(0, 5) : all;
  if (pr.m.printsPage) pairs.push([pr.w.pageHeading, pr.prng.pick(['1', '1/1', '1 / 1'])]);
  const width = (RIGHT - LEFT) / pairs.length;
  p.box(LEFT, y - 11, RIGHT - LEFT, 30);
  pairs.forEach((pair, i) => {
    const x = LEFT + 4 + i * width;
    p.text(x, y, pair[0], 7.5, { color: GREY });
    pr.value(x, y + 13, pair, 9, false);
  });
  return y + 44;
}

/** Labels above their values down the right column (a label line, then its value). */
function stacked(pr: Printer): number {
  const p = pr.page;
  p.text(LEFT, 110, pr.title(), 20, { bold: true });
  const pairs = pr.pairs(false);
  pairs.forEach((pair, i) => {
    const y = 140 + i * 26;
    p.text(370, y, pair[0], 7.5, { color: GREY });
    pr.value(370, y + 11, pair, 9.5, true);
  });
  if (pr.m.printsPage) p.right(RIGHT, 40, pr.w.page(1, 1), 7.5, { color: GREY });
  return Math.max(140 + pairs.length * 26, 230) + 10;
}

/** The title names number and date ("Rechnung Nr. 4711 vom 21.11.2020"); a few labelled lines below it. */
function titleLine(pr: Printer): number {
  const p = pr.page;
  const m = pr.m;
  const y = 240;
  const joiner = { de: ['vom'], en: ['dated', 'of'], nl: ['van', 'd.d.'], fr: ['du'], it: ['del'] }[m.language];
  const title = pr.title();
  const numberWord = { de: 'Nr.', en: 'No.', nl: 'nr.', fr: 'n°', it: 'n.' }[m.language];
  const head = m.number ? `${title} ${numberWord} ` : `${title} `;
  const end = p.text(LEFT, y, head, 14, { bold: true });
  if (m.number) pr.value(end, y, ['', m.number, 'number'], 14, true);
  const after = m.number ? end + textWidth(m.number, 14, true) : end;
  p.text(after, y, ` ${pr.prng.pick(joiner)} ${pr.date(m.issueDate)}`, 14, { bold: true });
  let yy = y + 20;
  if (m.policyNumber) {
    p.text(LEFT, yy, `${pr.prng.pick(pr.w.policyNumber)}: ${m.policyNumber}`, 9);
    yy += 13;
  }
  p.text(LEFT, yy, `${pr.prng.pick(pr.w.customerNumber)}: ${m.customerNumber}`, 9);
  yy += 13;
  if (m.dueMode === 'label') {
    p.text(LEFT, yy, `${pr.prng.pick(pr.w.dueDate)}: ${pr.date(m.dueDate)}`, 9);
    yy += 13;
  }
  if (m.printsPage) p.right(RIGHT, y, pr.w.page(1, 1), 7.5, { color: GREY });
  return yy + 16;
}

/** A hosting or software provider's page: details in a left column, items, one total. */
function hosting(pr: Printer): number {
  const p = pr.page;
  const m = pr.m;
  const end = p.text(LEFT, 120, `${pr.title()} ${m.number ? pr.prng.pick(['#', 'No. ', '']) : ''}`, 18, { bold: true });
  if (m.number) pr.value(end, 120, ['', m.number, 'number'], 18, true);
  const pairs = pr.pairs(pr.prng.chance(0.5)).filter(([, , kind]) => kind !== 'number');
  pairs.forEach((pair, i) => {
    const y = 145 + i * 12;
    p.text(370, y, `${pair[0]}:`, 8.5, { color: GREY });
    p.right(RIGHT, y, pair[1], 8.5);
  });
  return Math.max(145 + pairs.length * 12, 230) + 16;
}

/** An Indian GST invoice as accounting software prints it: a grid of cells, each a label above its value. */
function tally(pr: Printer): number {
  const p = pr.page;
  const m = pr.m;
  p.text(250, 40, 'TAX INVOICE', 12, { bold: true });
  const cells: Array<[string, string]> = [
    ['Invoice No.', m.number ?? ''],
    ['Dated', pr.date(m.issueDate)],
    ['Delivery Note', ''],
    ['Mode/Terms of Payment', m.dueMode === 'within-days' ? `${m.dueDays} Days` : ''],
    ["Buyer's Order No.", `PO/${pr.prng.digits(4)}`],
    ['Dated', pr.date(m.deliveryDate)],
  ];
  const x0 = 300;
  const cw = (RIGHT - x0) / 2;
  cells.forEach(([label, value], i) => {
    const x = x0 + (i % 2) * cw;
    const y = 60 + Math.floor(i / 2) * 26;
    p.box(x, y, cw, 26);
    p.text(x + 3, y + 9, label, 7);
    if (value) {
      if (i === 0) pr.value(x + 3, y + 21, [label, value, 'number'], 8.5, true);
      else p.text(x + 3, y + 21, value, 8.5, { bold: true });
    }
  });
  p.text(LEFT, 150, 'Buyer (Bill to)', 7);
  return 230;
}

/** Several "label value" pairs on one line, each pair a column block ("Rechnungsnr. 2020-17   Datum 05.03.2020"). */
function inlinePairs(pr: Printer): number {
  const p = pr.page;
  p.text(LEFT, 228, pr.title(), 15, { bold: true });
  const pairs = pr.pairs(pr.prng.chance(0.5));
  const colon = pr.prng.chance(0.5) ? ':' : '';
  let x = LEFT;
  let y = 250;
  for (const pair of pairs) {
    const label = `${pair[0]}${colon} `;
    const width = textWidth(label, 8.5) + textWidth(pair[1], 8.5, true) + 24;
    if (x + width > RIGHT) {
      x = LEFT;
      y += 14;
    }
    const end = p.text(x, y, label, 8.5, { color: GREY });
    pr.value(end, y, pair, 8.5, true);
    x += width;
  }
  if (pr.m.printsPage) p.right(RIGHT, 228, pr.w.page(1, 1), 7.5, { color: GREY });
  return y + 30;
}

/** A narrow receipt: everything in one column, the total first, then net and tax. */
function receipt(pr: Printer): number {
  const p = pr.page;
  const m = pr.m;
  const x = 190;
  const right = 420;
  let y = 215;
  const head = `${pr.title()}${m.number ? ` ${pr.prng.pick(['Nr.', 'No.', '#'])} ` : ''}`;
  const end = p.text(x, y, head, 11, { bold: true });
  if (m.number) pr.value(end, y, ['', m.number, 'number'], 11, true);
  y += 16;
  for (const pair of pr.pairs(true).filter(([, , kind]) => kind !== 'number')) {
    p.text(x, y, `${pair[0]}:`, 8.5);
    p.right(right, y, pair[1], 8.5);
    y += 12;
  }
  return y + 14;
}

const STYLES = {
  'details-right': detailsRight,
  'header-grid': headerGrid,
  stacked,
  'title-line': titleLine,
  hosting,
  tally,
  'inline-pairs': inlinePairs,
  receipt,
} as const;

/** The page of a varied invoice as drawing operations. */
export function layoutVaried(model: VariedModel, prng: Prng): DrawOp[] {
  const pr = new Printer(model, prng);
  pr.letterhead();
  pr.buyerWindow(model.style === 'tally' ? 162 : 150);
  let y = STYLES[model.style](pr);
  if (model.style === 'tally') {
    y = pr.items(Math.max(y, 240));
    const p = pr.page;
    const half = model.taxes.map((t) => ({ rate: t.rate / 2, cents: Math.round(t.taxCents / 2) }));
    p.text(330, y, 'Taxable Value', 9);
    p.right(RIGHT - 4, y, formatNumber(model.netCents, 'in'), 9);
    y += 14;
    for (const [i, t] of half.entries()) {
      const cgst = t.cents;
      const sgst = model.taxes[i].taxCents - cgst;
      p.text(330, y, `CGST @ ${t.rate}%`, 9);
      p.right(RIGHT - 4, y, formatNumber(cgst, 'in'), 9);
      y += 14;
      p.text(330, y, `SGST @ ${t.rate}%`, 9);
      p.right(RIGHT - 4, y, formatNumber(sgst, 'in'), 9);
      y += 14;
    }
    p.text(330, y + 4, 'Total', 10.5, { bold: true });
    p.right(RIGHT - 4, y + 4, `Rs. ${formatNumber(model.grossCents, 'in')}`, 10.5, { bold: true });
    p.text(LEFT, y + 30, 'Amount Chargeable (in words)', 7.5);
    p.text(LEFT, y + 56, "Company's Bank Details", 7.5, { bold: true });
    p.text(LEFT, y + 67, `Bank Name: ${model.seller.bankName}`, 7.5);
    p.text(LEFT, y + 78, `A/c No.: ${prng.digits(12)}`, 7.5);
    return p.ops;
  }
  if (model.style === 'receipt') {
    const p = pr.page;
    for (const line of model.lines) {
      p.text(190, y, `${line.quantity} x ${line.description}`.slice(0, 42), 8.5);
      p.right(420, y, pr.plain(line.netCents), 8.5);
      y += 12;
    }
    p.rule(190, y - 6, 420);
    y += 8;
    p.text(190, y, prng.pick(pr.w.gross), 10, { bold: true });
    p.right(420, y, pr.money(model.grossCents), 10, { bold: true });
    y += 14;
    p.text(190, y, prng.pick(pr.w.net), 8.5);
    p.right(420, y, pr.money(model.netCents), 8.5);
    for (const t of model.taxes) {
      y += 12;
      p.text(190, y, prng.pick(pr.w.tax(t.rate)), 8.5);
      p.right(420, y, pr.money(t.taxCents), 8.5);
    }
    pr.payment(y + 24);
    pr.footer();
    return p.ops;
  }
  y = pr.items(y);
  y = pr.totals(y + 4);
  pr.payment(y + 14);
  pr.footer();
  return pr.page.ops;
}
