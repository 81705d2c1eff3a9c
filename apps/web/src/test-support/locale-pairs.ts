import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');

/**
 * Every en/de pair of text files in the client: the shared `i18n/locales/en.json` and `de.json`, and each
 * feature's or component's `<name>.en.json` beside its code. Paths relative to `src`.
 */
export function localePairs(): Array<{ en: string; de: string }> {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return walk(path);
      return /(^|\.)en\.json$/.test(entry.name) ? [relative(SRC, path)] : [];
    });
  return walk(SRC)
    .sort()
    .map((en) => ({ en, de: en.replace(/en\.json$/, 'de.json') }));
}

export const srcPath = (file: string): string => join(SRC, file);
