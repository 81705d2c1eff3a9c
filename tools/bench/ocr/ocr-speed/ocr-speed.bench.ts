import { readFileSync } from 'node:fs';
import { characterAccuracy } from './character-accuracy';

/**
 * CPU seconds of this process (all its threads) and of its finished child processes: on a machine shared
 * with other work the wall clock says how long a page waited for a core, the CPU time what reading it cost.
 */
export function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // /proc/self/stat: fields 16 and 17 (cutime, cstime) in clock ticks (100 per second on Linux), after the command name.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // not Linux: own time only
  }
  return (own.user + own.system) / 1e6 + children;
}
import type { ScanPage } from './scan-pages';

export interface OcrRun {
  pages: number;
  /** Wall-clock seconds for all pages divided by their number (pages read side by side count once). */
  secondsPerPage: number;
  /** CPU seconds (every thread and child process) per page. */
  cpuSecondsPerPage: number;
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
  const cpu0 = cpuSeconds();
  const lane = async () => {
    for (let i = next++; i < pages.length; i = next++) texts[i] = await read(pages[i]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(inFlight, pages.length)) }, lane));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds() - cpu0;
  let errors = 0;
  let characters = 0;
  pages.forEach((page, i) => {
    const score = characterAccuracy(page.truth, texts[i]!);
    errors += score.errors;
    characters += score.characters;
  });
  return {
    pages: pages.length,
    secondsPerPage: seconds / pages.length,
    cpuSecondsPerPage: cpu / pages.length,
    accuracy: characters === 0 ? 1 : 1 - errors / characters,
    errors,
    characters,
  };
}
