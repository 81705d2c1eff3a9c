/** A column block of a line: text runs separated by at most two spaces, with its character span. */
export interface Block {
  text: string;
  start: number;
  end: number;
}

export function blocks(line: string): Block[] {
  return [...line.matchAll(/\S+(?:\s{1,2}\S+)*/g)].map((m) => ({ text: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
}

/** The block of `line` that holds character `at`. */
export function blockAt(line: string, at: number): Block | undefined {
  return blocks(line).find((b) => b.start <= at && at < b.end);
}

/**
 * The value printed below a label that stands alone in its block: the block of the next line that overlaps the
 * label's columns (in the layout text a right-column label's value stands in the right column too). Undefined when
 * no block of the next line is under the label, so a value from another column is never taken.
 */
export function blockBelow(next: string | undefined, start: number, end: number): string | undefined {
  if (next === undefined) return undefined;
  let best: { text: string; overlap: number } | undefined;
  for (const b of blocks(next)) {
    const overlap = Math.min(b.end, end) - Math.max(b.start, start);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { text: b.text, overlap };
  }
  return best?.text;
}

/** The rest of the label's own block after the label (empty when the label stands alone in its block). */
export function restOfBlock(line: string, labelStart: number, labelEnd: number): string {
  const block = blockAt(line, labelStart);
  return block ? line.slice(labelEnd, Math.max(labelEnd, block.end)) : line.slice(labelEnd);
}

/**
 * The value of a label that stands alone: the block below it (see `blockBelow`), also one line further down when the
 * line between holds only text left of the label, else, when nothing follows the
 * label on its line, the one block of the next line right of the label's start (a right-aligned value in a
 * details column: "Rechnungsnummer" with "471102" flush right below it).
 */
export function valueBelow(lines: readonly string[], index: number, start: number, end: number): string | undefined {
  const below = blockBelow(lines[index + 1], start, end);
  if (below !== undefined || lines[index + 1] === undefined) return below;
  // A line whose text all stands left of the label (a description wrapped in the first column) may come in between.
  if (blocks(lines[index + 1]).every((b) => b.end < start)) {
    const further = blockBelow(lines[index + 2], start, end);
    if (further !== undefined) return further;
  }
  if (blocks(lines[index]).some((b) => b.start >= end)) return undefined;
  const right = blocks(lines[index + 1]).filter((b) => b.start >= start);
  return right.length === 1 ? right[0].text : undefined;
}
