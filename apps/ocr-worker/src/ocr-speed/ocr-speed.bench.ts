import { characterAccuracy } from './character-accuracy';
import type { ScanPage } from './scan-pages';

export interface OcrRun {
  pages: number;
  /** Wall-clock seconds for all pages divided by their number (pages read side by side count once). */
  secondsPerPage: number;
  /** Character accuracy over all pages (see characterAccuracy). */
  accuracy: number;
  errors: number;
  characters: number;
}

/**
 * Reads every page with at most `inFlight` pages at once and scores the texts against what the pages
 * print. `read` is the engine under test: the portal's OcrEngine, or a peer.
 */
export async function timeOcr(pages: readonly ScanPage[], read: (page: ScanPage) => Promise<string>, inFlight: number): Promise<OcrRun> {
  const texts: string[] = new Array<string>(pages.length);
  let next = 0;
  const t0 = performance.now();
  const lane = async () => {
    for (let i = next++; i < pages.length; i = next++) texts[i] = await read(pages[i]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(inFlight, pages.length)) }, lane));
  const seconds = (performance.now() - t0) / 1000;
  let errors = 0;
  let characters = 0;
  pages.forEach((page, i) => {
    const score = characterAccuracy(page.truth, texts[i]!);
    errors += score.errors;
    characters += score.characters;
  });
  return { pages: pages.length, secondsPerPage: seconds / pages.length, accuracy: characters === 0 ? 1 : 1 - errors / characters, errors, characters };
}
