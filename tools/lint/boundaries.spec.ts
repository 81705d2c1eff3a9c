import { execFileSync } from 'node:child_process';
import { ROOT } from '../harness/proc';

/** Lints each snippet as if it were the file at its path, with the repository's eslint.config.mjs. */
function restrictedImports(cases: Array<[filePath: string, code: string]>): boolean[] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const [filePath, code] of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.some((m) => m.ruleId === 'no-restricted-imports'));
    }
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], { cwd: ROOT, encoding: 'utf8' })) as boolean[];
}

describe('the boundary lint', () => {
  it('refuses an app importing another app, a lib importing an app, and shipped code importing tools or test support', () => {
    const refused = restrictedImports([
      ['apps/api/src/portal-x.ts', "import { Projector } from '@portal/projector';\n"],
      ['apps/projector/src/main-x.ts', "import { DocumentWorker } from '@portal/ocr-worker';\n"],
      ['libs/domain/src/x.ts', "import { textPdf } from '@portal/api';\n"],
      ['libs/domain/src/x.ts', "import { ALL_PROJECTIONS } from '../../projections/src';\n"],
      ['apps/api/src/x.ts', "import { startPortalProcess } from '@portal/tools';\n"],
      ['apps/api/src/features/addresses/x.ts', "import { startFakeVies } from '../../../test/fake-vies';\n"],
    ]);
    expect(refused).toEqual([true, true, true, true, true, true]);
  });

  it('lets apps import libs, and specs and test support import the harness and test folders', () => {
    const refused = restrictedImports([
      ['apps/api/src/x.ts', "import { DOCUMENTS } from '@portal/read-models';\nimport { Projector } from '@portal/projections';\n"],
      ['apps/api/src/x.spec.ts', "import { startPortalProcess } from '@portal/tools';\n"],
      ['apps/api/src/features/addresses/x.spec.ts', "import { startFakeVies } from '../../../test/fake-vies';\n"],
      ['tools/bench/x.ts', "import { textPdf } from '@portal/api';\n"],
    ]);
    expect(refused).toEqual([false, false, false, false]);
  });
});
