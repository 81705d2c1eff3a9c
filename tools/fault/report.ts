import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../harness/proc';

/**
 * Prints one fault test's counts (tried, passed) on stdout and keeps them in
 * bench-results/fault/<name>.json, so the closing note can cite them.
 */
export function reportCounts(name: string, counts: { tried: number; passed: number } & Record<string, unknown>): void {
  const line = `[fault] ${name}: tried ${counts.tried}, passed ${counts.passed}${Object.entries(counts)
    .filter(([k]) => k !== 'tried' && k !== 'passed')
    .map(([k, v]) => `, ${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('')}\n`;
  process.stdout.write(line);
  try {
    const dir = join(ROOT, 'bench-results', 'fault');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify({ at: new Date().toISOString(), name, ...counts }, null, 2)}\n`);
  } catch {
    // counts on stdout are enough
  }
}
