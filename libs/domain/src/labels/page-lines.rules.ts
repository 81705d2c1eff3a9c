import type { LabelBox, PageWord, PageWords } from '@portal/contracts';

export interface Line {
  words: PageWord[];
  top: number;
  bottom: number;
}

const centreY = (w: PageWord) => w.y + w.height / 2;

/** Groups a page's words into visual lines (by vertical centre), each read left to right. */
export function linesOf(page: PageWords): Line[] {
  const sorted = [...page.words].sort((a, b) => centreY(a) - centreY(b) || a.x - b.x);
  const lines: Line[] = [];
  for (const word of sorted) {
    const line = lines.find((l) => Math.abs((l.top + l.bottom) / 2 - centreY(word)) <= Math.max(2, Math.min(l.bottom - l.top, word.height) * 0.45));
    if (line) {
      line.words.push(word);
      line.top = Math.min(line.top, word.y);
      line.bottom = Math.max(line.bottom, word.y + word.height);
    } else {
      lines.push({ words: [word], top: word.y, bottom: word.y + word.height });
    }
  }
  for (const line of lines) line.words.sort((a, b) => a.x - b.x);
  return lines.sort((a, b) => a.top - b.top);
}

/** The box around some words, on the given page. */
export function boxOf(words: readonly PageWord[], page: number): LabelBox {
  const left = Math.min(...words.map((w) => w.x));
  const top = Math.min(...words.map((w) => w.y));
  const right = Math.max(...words.map((w) => w.x + w.width));
  const bottom = Math.max(...words.map((w) => w.y + w.height));
  return { page, x: round(left), y: round(top), width: round(right - left), height: round(bottom - top) };
}

export const round = (n: number) => Math.round(n * 100) / 100;

/** Words whose centre lies inside the box (what the labeling tool reads under a drawn box), in reading order. */
export function wordsInBox(page: PageWords, box: LabelBox): PageWord[] {
  const inside = page.words.filter((w) => {
    const cx = w.x + w.width / 2;
    const cy = w.y + w.height / 2;
    return cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height;
  });
  return linesOf({ ...page, words: inside }).flatMap((l) => l.words);
}

export const textOf = (words: readonly PageWord[]) => words.map((w) => w.text).join(' ');

/** Lower case, without trailing colons and surrounding punctuation: how anchors are compared. */
export const normaliseAnchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[:.#]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
