import type { ReportLine, VatCodeAmount, VatCountry, VatProblem, VatRateRow, VatReport } from '@portal/contracts';
import { round2 } from '../open-item/open-item.rules';
import type { DocumentFact } from './document-fact';
import type { ClientLedger } from './ledger';
import { inPeriod, type Period } from './period';

type Treatment = 'domestic' | 'intra_eu' | 'reverse_charge';

/** The tax code field tells intra-EU acquisitions and reverse charge apart from domestic tax. */
export function treatmentOf(taxCode: string | null): Treatment {
  if (!taxCode) return 'domestic';
  if (/\b(ig|ige|igE|eu|innergem\w*|intra)\b/i.test(taxCode)) return 'intra_eu';
  if (/\b(rc|13b|§ ?13b|§ ?19|reverse\w*)\b/i.test(taxCode)) return 'reverse_charge';
  return 'domestic';
}

/** Austria U30 (UVA) base codes per output rate; Germany UStVA base codes per output rate. */
const BASE_CODES: Record<VatCountry, Array<{ rate: number; code: string; label: string }>> = {
  AT: [
    { rate: 20, code: '022', label: 'Taxable at 20 %' },
    { rate: 10, code: '029', label: 'Taxable at 10 %' },
    { rate: 13, code: '006', label: 'Taxable at 13 %' },
    { rate: 19, code: '037', label: 'Taxable at 19 %' },
  ],
  DE: [
    { rate: 19, code: '81', label: 'Taxable at 19 %' },
    { rate: 7, code: '86', label: 'Taxable at 7 %' },
    { rate: 0, code: '87', label: 'Taxable at 0 %' },
  ],
};

interface Counted {
  fact: DocumentFact;
  direction: 'output' | 'input';
  net: number;
  tax: number;
  gross: number;
  rate: number;
  treatment: Treatment;
}

/** Net, tax and gross of a document: two known amounts give the third; fewer is a problem. */
function amountsOf(fact: DocumentFact, direction: 'output' | 'input'): { counted: Counted | null; problems: VatProblem['reason'][] } {
  const b = fact.booking;
  const known = [b.net_amount, b.tax_amount, b.gross_amount].filter((v) => v !== null).length;
  if (known < 2) return { counted: null, problems: ['missing_amounts'] };
  const net = b.net_amount ?? round2(b.gross_amount! - b.tax_amount!);
  const tax = b.tax_amount ?? round2(b.gross_amount! - b.net_amount!);
  const gross = b.gross_amount ?? round2(net + tax);
  const problems: VatProblem['reason'][] = [];
  let rate = b.tax_rate;
  if (rate === null) {
    problems.push('missing_rate');
    rate = net !== 0 ? Math.round((tax / net) * 1000) / 10 : 0;
  }
  if (Math.abs(net + tax - gross) > 0.01) problems.push('sum_mismatch');
  else if (Math.abs(round2((net * rate) / 100) - tax) > 0.02) problems.push('tax_mismatch');
  return { counted: { fact, direction, net, tax, gross, rate, treatment: treatmentOf(b.tax_code) }, problems };
}

/**
 * The VAT summary of a period from confirmed and booked invoices (by invoice date): net, tax and gross
 * per rate, output (AR) and input (ER), mapped to the return's codes of the client's country.
 */
export function vatReport(ledger: ClientLedger, period: Period, country: VatCountry): VatReport {
  const counted: Counted[] = [];
  const problems: VatProblem[] = [];
  for (const fact of ledger.documents.values()) {
    if (fact.deleted || fact.confirmed_at === null || (fact.category !== 'ER' && fact.category !== 'AR')) continue;
    const direction = fact.category === 'AR' ? 'output' : 'input';
    const party = direction === 'output' ? fact.booking.recipient : fact.booking.biller;
    const problem = (reason: VatProblem['reason']) => problems.push({ documentId: fact.id, invoiceNumber: fact.booking.invoice_number, party, direction, reason });
    if (!fact.booking.invoice_date) {
      if (inPeriod(fact.uploaded_at, period)) problem('missing_date');
      continue;
    }
    if (!inPeriod(fact.booking.invoice_date, period)) continue;
    const { counted: c, problems: found } = amountsOf(fact, direction);
    found.forEach(problem);
    if (c) counted.push(c);
  }
  const rows = new Map<string, VatRateRow>();
  for (const c of counted) {
    const key = `${c.direction}:${c.rate}`;
    const row = rows.get(key) ?? { direction: c.direction, rate: c.rate, count: 0, net: 0, tax: 0, gross: 0 };
    row.count++;
    row.net += c.net;
    row.tax += c.tax;
    row.gross += c.gross;
    rows.set(key, row);
  }
  const rateRows = [...rows.values()]
    .map((r) => ({ ...r, net: round2(r.net), tax: round2(r.tax), gross: round2(r.gross) }))
    .sort((a, b) => (a.direction === b.direction ? b.rate - a.rate : a.direction === 'output' ? -1 : 1));
  const sum = (list: Counted[], pick: (c: Counted) => number) => round2(list.reduce((s, c) => s + pick(c), 0));
  const output = counted.filter((c) => c.direction === 'output');
  const input = counted.filter((c) => c.direction === 'input');
  const outputTax = sum(output, (c) => c.tax);
  const inputTax = sum(input, (c) => c.tax);
  const codes: VatCodeAmount[] = [];
  const base = BASE_CODES[country];
  if (country === 'AT') codes.push({ code: '000', label: 'Total base (deliveries and services)', amount: sum(output, (c) => c.net) });
  for (const { rate, code, label } of base) {
    const amount = sum(output.filter((c) => c.rate === rate), (c) => c.net);
    codes.push({ code, label, amount });
  }
  const inputOf = (t: Treatment) => sum(input.filter((c) => c.treatment === t), (c) => c.tax);
  if (country === 'AT') {
    codes.push({ code: '060', label: 'Input tax', amount: inputOf('domestic') });
    codes.push({ code: '065', label: 'Input tax on intra-EU acquisitions', amount: inputOf('intra_eu') });
    codes.push({ code: '066', label: 'Input tax, reverse charge', amount: inputOf('reverse_charge') });
    codes.push({ code: '095', label: 'Payable (credit if negative)', amount: round2(outputTax - inputTax) });
  } else {
    codes.push({ code: '66', label: 'Input tax', amount: inputOf('domestic') });
    codes.push({ code: '61', label: 'Input tax on intra-EU acquisitions', amount: inputOf('intra_eu') });
    codes.push({ code: '67', label: 'Input tax, § 13b reverse charge', amount: inputOf('reverse_charge') });
    codes.push({ code: '83', label: 'Payable (credit if negative)', amount: round2(outputTax - inputTax) });
  }
  problems.sort((a, b) => a.documentId - b.documentId);
  return { kind: 'vat', country, rows: rateRows, codes, outputTax, inputTax, payable: round2(outputTax - inputTax), documents: counted.length, problems };
}

export function vatLines(report: VatReport): ReportLine[] {
  return [
    ...report.codes.map((c) => ({ key: `code:${c.code}`, section: 'codes', label: `${c.code} ${c.label}`, value: c.amount, unit: 'amount' as const })),
    ...report.rows.flatMap((r) =>
      (['net', 'tax', 'gross'] as const).map((f) => ({ key: `${r.direction}:${r.rate}:${f}`, section: r.direction, label: `${r.rate} % ${f}`, value: r[f], unit: 'amount' as const })),
    ),
    { key: 'documents', section: 'documents', label: 'Documents counted', value: report.documents, unit: 'count' },
    { key: 'problems', section: 'documents', label: 'Documents with missing or inconsistent tax', value: report.problems.length, unit: 'count' },
  ];
}
