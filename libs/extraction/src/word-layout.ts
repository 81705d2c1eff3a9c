import type { PageWord } from '@portal/contracts';

// Points per character column, as the PDF reader's layout text: a value printed below its label starts in the
// label's columns.
const COLUMN_PT = 4;
// A gap below this share of the line's height is no space: a space is a quarter of the height or more.
const TOUCHING = 0.08;

interface Line {
  top: number;
  bottom: number;
  words: PageWord[];
}

const centre = (w: PageWord): number => w.y + w.height / 2;

/** Words whose vertical centre lies within a line's height belong to it (top to bottom, each left to right). */
function lines(words: readonly PageWord[]): Line[] {
  const out: Line[] = [];
  for (const word of [...words].sort((a, b) => centre(a) - centre(b))) {
    const line = out.find((l) => centre(word) >= l.top && centre(word) <= l.bottom);
    if (line) line.words.push(word);
    else out.push({ top: word.y, bottom: word.y + word.height, words: [word] });
  }
  for (const line of out) line.words.sort((a, b) => a.x - b.x);
  return out.sort((a, b) => a.top - b.top);
}

/**
 * The words of a page (OCR boxes in points) as layout text: one text line per printed line, each column block at
 * the character column of its x position and a wide gap kept as at least three spaces, like the text layer's layout.
 */
export function layoutFromWords(words: readonly PageWord[]): string {
  return lines(words)
    .map((line) => {
      const heights = line.words.map((w) => w.height).sort((a, b) => a - b);
      const height = heights[Math.floor(heights.length / 2)];
      let out = '';
      let end: number | undefined;
      for (const word of line.words) {
        const column = Math.round(word.x / COLUMN_PT);
        if (end === undefined) out = out.padEnd(column, ' ');
        else if (word.x - end > height * 1.5) out = out.padEnd(Math.max(column, out.length + 3), ' ');
        // Runs that touch are one word some writers print in pieces ("RE-20" "201121/508"): no space between.
        else if (word.x - end >= height * TOUCHING) out += ' ';
        out += word.text;
        end = word.x + word.width;
      }
      return out;
    })
    .join('\n');
}
