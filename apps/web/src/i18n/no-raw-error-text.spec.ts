import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A screen shows a failure through useErrorText (the translated text), never the server's raw English `.message`. */
const root = join(__dirname, '..');

function tsxFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** `error.message`, `store.loadError.message`, `store.failure!.message`, `err.message`, ... */
const RAW_ERROR_MESSAGE = /\b(\w*[eE]rror|\w*[fF]ailure|err)!?\.message\b/;

describe('failures on screens', () => {
  it('no .tsx renders the message of an error directly', () => {
    const offenders = tsxFiles(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (RAW_ERROR_MESSAGE.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('the check finds a raw message where there is one', () => {
    for (const line of ['{store.error.message}', "t('x', { message: store.saveError!.message })", '{failure.message}', '{err.message}']) {
      expect(line.match(RAW_ERROR_MESSAGE)).not.toBeNull();
    }
    expect('{errorOf(store.error)}'.match(RAW_ERROR_MESSAGE)).toBeNull();
  });
});
