import { distance } from 'fastest-levenshtein';

const normalise = (line: string) => line.replace(/\s+/g, ' ').trim();
const linesOf = (text: string) => text.split('\n').map(normalise).filter((line) => line !== '');

/**
 * Character accuracy of OCR text against the text a page prints: 1 - edit distance / printed characters.
 * Each printed line is compared with the OCR line nearest to it, so the figure does not depend on the
 * order in which the engine reads columns; a line the engine missed counts all its characters.
 */
export function characterAccuracy(truth: string, ocr: string): { accuracy: number; errors: number; characters: number } {
  const expected = linesOf(truth);
  const read = linesOf(ocr);
  let errors = 0;
  let characters = 0;
  for (const line of expected) {
    characters += line.length;
    let best = line.length;
    for (const candidate of read) {
      if (Math.abs(candidate.length - line.length) >= best) continue;
      best = Math.min(best, distance(line, candidate));
    }
    errors += best;
  }
  return { accuracy: characters === 0 ? 1 : 1 - errors / characters, errors, characters };
}
