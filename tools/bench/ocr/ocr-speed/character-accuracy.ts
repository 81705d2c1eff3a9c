import { distance } from 'fastest-levenshtein';

const wordsOf = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/**
 * Character accuracy of OCR text against the text a page prints: 1 - errors / printed characters, where
 * each printed word is paired with the same word read by the engine, else with the nearest unpaired word
 * read (its edit distance counts, at most the word's length: a missed word counts all its characters).
 * Words, not lines, are paired, so the figure measures reading and not how an engine orders or splits
 * the columns of a page (native tesseract reads an invoice's table column by column, tesseract.js row by row).
 */
export function characterAccuracy(truth: string, ocr: string): { accuracy: number; errors: number; characters: number } {
  const printed = wordsOf(truth);
  const unpaired = new Map<string, number>();
  for (const word of wordsOf(ocr)) unpaired.set(word, (unpaired.get(word) ?? 0) + 1);
  const take = (word: string) => {
    const left = unpaired.get(word)! - 1;
    if (left === 0) unpaired.delete(word);
    else unpaired.set(word, left);
  };
  const misread: string[] = [];
  for (const word of printed) {
    if (unpaired.has(word)) take(word);
    else misread.push(word);
  }
  let errors = 0;
  for (const word of misread) {
    let best = word.length;
    let nearest: string | undefined;
    for (const candidate of unpaired.keys()) {
      if (Math.abs(candidate.length - word.length) >= best) continue;
      const d = distance(word, candidate);
      if (d < best) [best, nearest] = [d, candidate];
    }
    if (nearest !== undefined) take(nearest);
    errors += best;
  }
  const characters = printed.reduce((n, word) => n + word.length, 0);
  return { accuracy: characters === 0 ? 1 : 1 - errors / characters, errors, characters };
}
