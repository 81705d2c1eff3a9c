import type { ReportLine, VatCodeAmount, VatCountry, VatProblem, VatRateRow, VatReport } from '@portal/contracts';
import { round2 } from '../open-items/open-item.rules';
import type { DocumentFact } from './document-fact.rules';
import type { ClientLedger } from './ledger.rules';
import { inPeriod, utcDays, type DayOf, type Period } from './period.rules';

type Treatment = 'domestic' | 'intra_eu' | 'reverse_charge';

/** § 13b (1) UStG: a service from a business in another EU country ("13b Abs. 1", "13b (1)"). */
const isEuService = (taxCode: string | null) => /13b\s*(abs\.?\s*)?\(?1\b/i.test(taxCode ?? '');

/** The tax code field tells intra-EU acquisitions and reverse charge apart from domestic tax. */
export function treatmentOf(taxCode: string | null): Treatment {
  if (!taxCode) return 'domestic';
  if (/\b(ig|ige|igE|eu|innergem\w*|intra)\b/i.test(taxCode)) return 'intra_eu';
  if (/\b(rc|13b|§ ?13b|§ ?19|reverse\w*)\b/i.test(taxCode)) return 'reverse_charge';
  return 'domestic';
}

/** Austria U30 (UVA) and Germany UStVA base codes per output rate. */
const BASE_CODES: Record<VatCountry, Array<{ rate: number; code: string }>> = {
  AT: [
    { rate: 20, code: '022' },
    { rate: 10, code: '029' },
    { rate: 13, code: '006' },
    { rate: 19, code: '037' },
  ],
  DE: [
    { rate: 19, code: '81' },
    { rate: 7, code: '86' },
    { rate: 0, code: '87' },
  ],
};

/**
 * Intra-EU acquisitions: the buyer owes the tax (output side) and deducts it as input tax.
 * Austria: 070 total base, 072 / 073 / 008 / 088 base at 20 / 10 / 13 / 19 %. Germany: 89 base at 19 %,
 * 93 base at 7 %, 95 base and 98 tax at other rates.
 */
const ACQUISITION_CODES: Record<
  VatCountry,
  { total: string | null; byRate: Array<{ rate: number; code: string }>; otherBase: string | null; otherTax: string | null }
> = {
  AT: {
    total: '070',
    byRate: [
      { rate: 20, code: '072' },
      { rate: 10, code: '073' },
      { rate: 13, code: '008' },
      { rate: 19, code: '088' },
    ],
    otherBase: null,
    otherTax: null,
  },
  DE: {
    total: null,
    byRate: [
      { rate: 19, code: '89' },
      { rate: 7, code: '93' },
    ],
    otherBase: '95',
    otherTax: '98',
  },
};

/** The rate a reverse-charge or intra-EU invoice without tax is taxed at by the buyer: the country's standard rate. */
const STANDARD_RATE: Record<VatCountry, number> = { AT: 20, DE: 19 };

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
function amountsOf(fact: DocumentFact, direction: 'output' | 'input', country: VatCountry): { counted: Counted | null; problems: VatProblem['reason'][] } {
  const b = fact.booking;
  const treatment = direction === 'input' ? treatmentOf(b.tax_code) : 'domestic';
  if (treatment !== 'domestic') return selfAssessed(fact, treatment, country);
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
  return { counted: { fact, direction, net, tax, gross, rate, treatment }, problems };
}

/**
 * An intra-EU acquisition or a reverse-charge purchase: the supplier's invoice usually shows no tax, the
 * buyer computes it (net × rate; the country's standard rate when the invoice names none or 0 %).
 * A tax amount on the invoice counts as it is.
 */
function selfAssessed(fact: DocumentFact, treatment: Treatment, country: VatCountry): { counted: Counted | null; problems: VatProblem['reason'][] } {
  const b = fact.booking;
  const net = b.net_amount ?? (b.gross_amount !== null ? round2(b.gross_amount - (b.tax_amount ?? 0)) : null);
  if (net === null) return { counted: null, problems: ['missing_amounts'] };
  const rate = b.tax_rate !== null && b.tax_rate > 0 ? b.tax_rate : STANDARD_RATE[country];
  const tax = b.tax_amount !== null && b.tax_amount !== 0 ? b.tax_amount : round2((net * rate) / 100);
  return { counted: { fact, direction: 'input', net, tax, gross: round2(net + tax), rate, treatment }, problems: [] };
}

/**
 * The VAT summary of a period from confirmed and booked invoices (by invoice date): net, tax and gross
 * per rate, output (AR) and input (ER), mapped to the return's codes of the client's country.
 */
export function vatReport(ledger: ClientLedger, period: Period, country: VatCountry, dayOf: DayOf = utcDays): VatReport {
  const counted: Counted[] = [];
  const problems: VatProblem[] = [];
  for (const fact of ledger.documents.values()) {
    if (fact.deleted || fact.confirmed_at === null || (fact.category !== 'ER' && fact.category !== 'AR')) continue;
    const direction = fact.category === 'AR' ? 'output' : 'input';
    const party = direction === 'output' ? fact.booking.recipient : fact.booking.biller;
    const problem = (reason: VatProblem['reason']) =>
      problems.push({ documentId: fact.id, invoiceNumber: fact.booking.invoice_number, party, direction, reason });
    if (!fact.booking.invoice_date) {
      if (inPeriod(dayOf(fact.uploaded_at), period)) problem('missing_date');
      continue;
    }
    if (!inPeriod(fact.booking.invoice_date, period)) continue;
    const { counted: c, problems: found } = amountsOf(fact, direction, country);
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
  const sum = (list: Counted[], pick: (c: Counted) => number) => round2(list.reduce((total, c) => total + pick(c), 0));
  const output = counted.filter((c) => c.direction === 'output');
  const input = counted.filter((c) => c.direction === 'input');
  const acquired = input.filter((c) => c.treatment === 'intra_eu');
  const reverse = input.filter((c) => c.treatment === 'reverse_charge');
  // The tax the buyer owes on acquisitions and reverse-charge purchases is output tax too (and input tax again).
  const outputTax = round2(sum(output, (c) => c.tax) + sum(acquired, (c) => c.tax) + sum(reverse, (c) => c.tax));
  const inputTax = sum(input, (c) => c.tax);
  const codes: VatCodeAmount[] = [];
  const push = (code: string, amount: number) => codes.push({ code, amount });
  if (country === 'AT')
    push(
      '000',
      sum(output, (c) => c.net),
    );
  for (const { rate, code } of BASE_CODES[country])
    push(
      code,
      sum(
        output.filter((c) => c.rate === rate),
        (c) => c.net,
      ),
    );
  const acquisitions = ACQUISITION_CODES[country];
  if (acquisitions.total)
    push(
      acquisitions.total,
      sum(acquired, (c) => c.net),
    );
  for (const { rate, code } of acquisitions.byRate)
    push(
      code,
      sum(
        acquired.filter((c) => c.rate === rate),
        (c) => c.net,
      ),
    );
  const otherRate = acquired.filter((c) => !acquisitions.byRate.some((r) => r.rate === c.rate));
  if (acquisitions.otherBase && acquisitions.otherTax) {
    push(
      acquisitions.otherBase,
      sum(otherRate, (c) => c.net),
    );
    push(
      acquisitions.otherTax,
      sum(otherRate, (c) => c.tax),
    );
  }
  const inputOf = (t: Treatment) =>
    sum(
      input.filter((c) => c.treatment === t),
      (c) => c.tax,
    );
  if (country === 'AT') {
    // 057: tax owed under § 19 (1) second sentence, (1c), (1e) UStG (reverse charge).
    push(
      '057',
      sum(reverse, (c) => c.tax),
    );
    push('060', inputOf('domestic'));
    push('065', inputOf('intra_eu'));
    push('066', inputOf('reverse_charge'));
    push('095', round2(outputTax - inputTax));
  } else {
    // 46 / 47: services of other EU businesses (§ 13b (1)); 84 / 85: the other § 13b (2) cases.
    const euServices = reverse.filter((c) => isEuService(c.fact.booking.tax_code));
    const otherReverse = reverse.filter((c) => !isEuService(c.fact.booking.tax_code));
    push(
      '46',
      sum(euServices, (c) => c.net),
    );
    push(
      '47',
      sum(euServices, (c) => c.tax),
    );
    push(
      '84',
      sum(otherReverse, (c) => c.net),
    );
    push(
      '85',
      sum(otherReverse, (c) => c.tax),
    );
    push('66', inputOf('domestic'));
    push('61', inputOf('intra_eu'));
    push('67', inputOf('reverse_charge'));
    push('83', round2(outputTax - inputTax));
  }
  problems.sort((a, b) => a.documentId - b.documentId);
  return { kind: 'vat', country, rows: rateRows, codes, outputTax, inputTax, payable: round2(outputTax - inputTax), documents: counted.length, problems };
}

const RATE_TERMS = { net: 'rateNet', tax: 'rateTax', gross: 'rateGross' } as const;

export function vatLines(report: VatReport): ReportLine[] {
  return [
    ...report.codes.map((c): ReportLine => ({ key: `code:${c.code}`, section: 'codes', term: 'vatCode', arg: c.code, value: c.amount, unit: 'amount' })),
    ...report.rows.flatMap((r) =>
      (['net', 'tax', 'gross'] as const).map((f): ReportLine => ({
        key: `${r.direction}:${r.rate}:${f}`,
        section: r.direction,
        term: RATE_TERMS[f],
        arg: r.rate,
        value: r[f],
        unit: 'amount',
      })),
    ),
    { key: 'documents', section: 'documents', term: 'documentsCounted', value: report.documents, unit: 'count' },
    { key: 'problems', section: 'documents', term: 'documentsWithProblems', value: report.problems.length, unit: 'count' },
  ];
}
