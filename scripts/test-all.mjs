// `npm test`: the build with the static checks beside it (`npm run check`: lint, format, the types of specs, e2e and
// web client; the compiler keeps one core busy, the checks need no build),
// then the Jest suite and the Playwright suite side by side. Each of them often waits (Jest on the portals its
// integration specs start, the e2e suite on the browser), so together they take about as long as the longer one
// instead of the sum. Jest runs two workers: with one, a clean-clone run kept the CI's processes at 0.9 of the 2
// cores on average (2,056 CPU-s in 2,312 s) and ran alone on one core for its last 468 s.
// Each line is prefixed with its suite; the exit code is non-zero when any of them fails.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

const CHECK = { name: 'check', script: 'check' };
// The CI installs without the packages' install scripts (.ci/run): SQLite's native binding, compiled from source on
// one core when its prebuilt binary cannot be fetched (about a minute), is then built here beside the checks and the
// build, which do not need it. After a plain `npm install` the binding is there and nothing is rebuilt.
const SQLITE_BINDING = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
// Compiled with -O1 instead of the package's -O3: half the compile time (37 against 70 CPU-s alone, 160 s of the CI's
// critical path beside the checks), and SQLite ran a 300,000-row insert-and-query probe as fast either way. Installs
// for running the portal compile with the package's own flags.
const NATIVE = {
  name: 'native',
  command: ['npm', 'rebuild', '--foreground-scripts', 'better-sqlite3'],
  env: { CFLAGS: '-O1', CXXFLAGS: '-O1' },
};
const BUILD = { name: 'build', script: 'build' };
const TESTS = [
  { name: 'unit', script: 'test:unit', args: ['--maxWorkers=2'] },
  { name: 'e2e', script: 'test:e2e' },
];

function run({ name, script, args = [], command, env = {} }) {
  const started = Date.now();
  const [program, ...programArgs] = command ?? ['npm', 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])];
  const child = spawn(program, programArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`[${name}] finished with ${signal ?? `exit code ${code}`} after ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

const checked = run(CHECK);
const nativeBuilt = existsSync(SQLITE_BINDING) ? Promise.resolve(0) : run(NATIVE);
const built = await run(BUILD);
const native = await nativeBuilt;
// The tests run the built portal on SQLite: without either there is nothing to test.
const tested = built === 0 && native === 0 ? await Promise.all(TESTS.map(run)) : TESTS.map(() => 1);
const SUITES = [CHECK, NATIVE, BUILD, ...TESTS];
const codes = [await checked, native, built, ...tested];
const failed = SUITES.filter((_, i) => codes[i] !== 0).map((s) => s.name);
process.stdout.write(failed.length ? `Failed: ${failed.join(', ')}\n` : 'All suites passed.\n');
process.exit(failed.length ? 1 : 0);
