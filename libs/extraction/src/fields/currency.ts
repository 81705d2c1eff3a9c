const SYMBOLS: Array<[RegExp, string]> = [
  [/€|\bEUR\b|\bEuro\b/gi, 'EUR'],
  [/\$|\bUSD\b/g, 'USD'],
  [/£|\bGBP\b/g, 'GBP'],
  [/\bCHF\b|\bSFr\b/g, 'CHF'],
  [/₹|\bINR\b|\bRs\.(?=\s?\d)/g, 'INR'],
];

const LABELLED = /(?:Währung|Rechnungswährung|Currency|Beträge\s+in|Amounts\s+in)\s*:?\s*([A-Z]{3})\b/;

/** The currency a label names ("Währung: GBP"), else the one mentioned most often (ISO code). */
export function findCurrency(text: string): string | undefined {
  const labelled = text.match(LABELLED);
  if (labelled) return labelled[1];
  let best: { code: string; count: number } | undefined;
  for (const [re, code] of SYMBOLS) {
    const count = text.match(re)?.length ?? 0;
    if (count > 0 && (!best || count > best.count)) best = { code, count };
  }
  return best?.code;
}
