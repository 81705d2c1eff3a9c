export interface TextPart {
  text: string;
  hit: boolean;
}

/** Splits a text at the highlight ranges ([start, end) pairs, any order, overlaps merged). */
export function splitHighlights(text: string, highlights: ReadonlyArray<readonly [number, number]>): TextPart[] {
  const ranges = highlights
    .map(([s, e]) => [Math.max(0, Math.min(s, text.length)), Math.max(0, Math.min(e, text.length))] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const parts: TextPart[] = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (e <= at) continue;
    const start = Math.max(s, at);
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: text.slice(start, e), hit: true });
    at = e;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}
