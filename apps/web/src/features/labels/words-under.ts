import type { LabelBox, PageWord, PageWords } from '@portal/contracts';

/** Words whose centre lies inside the box, in reading order (lines top to bottom, words left to right). */
export function wordsUnder(page: PageWords | undefined, box: LabelBox): PageWord[] {
  if (!page) return [];
  const inside = page.words.filter((w) => {
    const cx = w.x + w.width / 2;
    const cy = w.y + w.height / 2;
    return cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height;
  });
  const lineOf = (w: PageWord) => Math.round((w.y + w.height / 2) / Math.max(4, w.height * 0.6));
  return inside.sort((a, b) => lineOf(a) - lineOf(b) || a.x - b.x);
}

/** The box around some words (for a click on one word). */
export function boxAround(words: readonly PageWord[], page: number, pad = 1.5): LabelBox {
  const left = Math.min(...words.map((w) => w.x)) - pad;
  const top = Math.min(...words.map((w) => w.y)) - pad;
  const right = Math.max(...words.map((w) => w.x + w.width)) + pad;
  const bottom = Math.max(...words.map((w) => w.y + w.height)) + pad;
  const r = (n: number) => Math.round(Math.max(0, n) * 100) / 100;
  return { page, x: r(left), y: r(top), width: r(right - left), height: r(bottom - top) };
}
