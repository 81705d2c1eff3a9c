import { blockAt, blockBelow, blocks, type Block } from './layout';

/** How a value stands to its label on the page. */
export type Relation = 'after' | 'right' | 'below';

export interface LabelHit {
  line: number;
  start: number;
  end: number;
  /** The whole column block the label stands in ("Invoice date:", "Rechnung Nr. 4711 vom"). */
  block: Block;
}

export interface ValueCandidate {
  text: string;
  relation: Relation;
  line: number;
  hit: LabelHit;
}

/** Every place a label stands on the page (a label may occur more than once on a line). */
export function labelHits(lines: readonly string[], label: RegExp): LabelHit[] {
  const global = new RegExp(label.source, label.flags.includes('g') ? label.flags : `${label.flags}g`);
  const hits: LabelHit[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (const m of lines[i].matchAll(global)) {
      // A pattern may take the spaces before a label along ("(?:^|\s{3})Rechnung …"): the label starts at its text.
      const start = (m.index ?? 0) + (m[0].length - m[0].trimStart().length);
      const end = (m.index ?? 0) + m[0].trimEnd().length;
      if (end === start) continue;
      const block = blockAt(lines[i], start) ?? { text: m[0], start, end };
      hits.push({ line: i, start, end, block });
    }
  }
  return hits;
}

// What may stand between a label and its value without being a value: punctuation and a preposition ("bis zum").
const JOINERS = /^[\s:;#.\-–]*(?:(?:zum|am|dem|den|le|on|by|the|il|op)[\s:.]*)?$/i;

/**
 * The values a label may name, in the order a reader looks: the rest of its own block ("Rechnungsnr.: 4711"), the next
 * block to its right on the same line (a label column beside a value column), and the block below it in the same
 * columns (a header table: a row of labels over a row of values; a label stacked over its value). The block below is
 * searched one line further when the line between holds only text left of the label. `isLabel` tells a block that
 * is another label, which is never a value.
 */
export function valuesOf(lines: readonly string[], hit: LabelHit, isLabel: (text: string) => boolean): ValueCandidate[] {
  const out: ValueCandidate[] = [];
  const line = lines[hit.line];
  const rest = line.slice(hit.end, Math.max(hit.end, hit.block.end));
  if (!JOINERS.test(rest)) out.push({ text: rest, relation: 'after', line: hit.line, hit });
  const aloneInBlock = JOINERS.test(rest);
  if (aloneInBlock) {
    // OCR debris (a lone "?" or ";") may stand between a label and its value.
    const right = blocks(line).find((b) => b.start >= hit.block.end && /[\p{L}\p{N}]/u.test(b.text));
    if (right && !isLabel(right.text)) out.push({ text: right.text, relation: 'right', line: hit.line, hit });
    let found = false;
    for (const offset of [1, 2]) {
      const next = lines[hit.line + offset];
      if (next === undefined) break;
      const below = blockBelow(next, hit.block.start, Math.max(hit.block.end, hit.start + 12));
      if (below !== undefined) {
        found = true;
        if (!isLabel(below)) out.push({ text: below, relation: 'below', line: hit.line + offset, hit });
        break;
      }
      // Only a line whose text all stands left of the label may come in between.
      if (!blocks(next).every((b) => b.end < hit.block.start)) break;
    }
    // A value flush right below a label that ends its line: the one block of the next line right of the label's start.
    const next = lines[hit.line + 1];
    if (!found && !right && next !== undefined) {
      const rightOf = blocks(next).filter((b) => b.start >= hit.block.start);
      if (rightOf.length === 1 && !isLabel(rightOf[0].text)) out.push({ text: rightOf[0].text, relation: 'below', line: hit.line + 1, hit });
    }
  }
  return out;
}
