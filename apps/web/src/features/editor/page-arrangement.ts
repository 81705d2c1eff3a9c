import type { PageRef, PageRotation } from '@portal/contracts';

/** The arrange action's payload: positions in the current order, with the rotation each page should have. */
export type Arrangement = { from: number; rotation: PageRotation }[];

export const unchanged = (pages: readonly PageRef[]): Arrangement => pages.map((p, from) => ({ from, rotation: p.rotation }));

const turn = (rotation: PageRotation, by: number): PageRotation => ((((rotation + by) % 360) + 360) % 360) as PageRotation;

/** The selected pages turned by +90 (right), -90 (left) or 180 degrees. */
export function rotated(pages: readonly PageRef[], selected: ReadonlySet<number>, by: 90 | -90 | 180): Arrangement {
  return pages.map((p, from) => ({ from, rotation: selected.has(from) ? turn(p.rotation, by) : p.rotation }));
}

/** Without the selected pages (null when nothing would be left: a document keeps at least one page). */
export function removed(pages: readonly PageRef[], selected: ReadonlySet<number>): Arrangement | null {
  const kept = unchanged(pages).filter((a) => !selected.has(a.from));
  return kept.length === 0 ? null : kept;
}

/**
 * The selected pages moved, in their order, to stand before the page now at `before` (pages.length: the
 * end). Dragging a page onto another puts it there; Alt+arrow moves a page by one.
 */
export function moved(pages: readonly PageRef[], selected: ReadonlySet<number>, before: number): Arrangement {
  const all = unchanged(pages);
  const moving = all.filter((a) => selected.has(a.from));
  const rest = all.filter((a) => !selected.has(a.from));
  const at = rest.findIndex((a) => a.from >= before);
  const index = at === -1 ? rest.length : at;
  return [...rest.slice(0, index), ...moving, ...rest.slice(index)];
}

/** Where the moved selection lands: the new positions of the selected pages. */
export function positionsAfter(arrangement: Arrangement, selected: ReadonlySet<number>): number[] {
  return arrangement.flatMap((a, i) => (selected.has(a.from) ? [i] : []));
}

export const isIdentity = (pages: readonly PageRef[], arrangement: Arrangement) =>
  arrangement.length === pages.length && arrangement.every((a, i) => a.from === i && a.rotation === pages[i]!.rotation);

/** Split markers (a cut after page i) into the parts of a split: runs of positions between the cuts. */
export function partsOf(pageCount: number, cutsAfter: ReadonlySet<number>): number[][] {
  const parts: number[][] = [[]];
  for (let i = 0; i < pageCount; i++) {
    parts[parts.length - 1]!.push(i);
    if (cutsAfter.has(i) && i < pageCount - 1) parts.push([]);
  }
  return parts.filter((p) => p.length > 0);
}

/** Selection after a click: plain selects one, Ctrl/Cmd toggles one, Shift selects the range from the anchor. */
export function clickSelection(
  current: ReadonlySet<number>,
  anchor: number | null,
  index: number,
  modifiers: { shift: boolean; toggle: boolean },
): Set<number> {
  if (modifiers.shift && anchor !== null) {
    const [from, to] = anchor <= index ? [anchor, index] : [index, anchor];
    const range = new Set<number>(modifiers.toggle ? current : []);
    for (let i = from; i <= to; i++) range.add(i);
    return range;
  }
  if (modifiers.toggle) {
    const next = new Set(current);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    return next;
  }
  return new Set([index]);
}
