// Gzip size of the JavaScript the browser loads before any route chunk: the entry script plus its
// modulepreloads in dist/index.html. Fails when over the budget (250 KiB gzip; INITIAL_JS_BUDGET_KB overrides).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const f of files) {
  const size = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KiB  ${f}`);
}
const budget = Number(process.env.INITIAL_JS_BUDGET_KB ?? 250);
console.log(`${(total / 1024).toFixed(1).padStart(8)} KiB  initial JS (gzip), budget ${budget} KiB`);
if (total / 1024 > budget) process.exit(1);
