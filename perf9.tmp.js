const { mkdtempSync } = require('fs');
const { monitorEventLoopDelay } = require('perf_hooks');
const { camtWith } = require('./apps/api/dist/features/banking/banking.bench.js');
const { bankingHarness } = require('./apps/api/dist/features/banking/banking-harness.js');
const { StatementImporter } = require('./apps/api/dist/features/banking/statement-import.js');
const { parseStatementFile } = require('./libs/bank-statements/dist/index.js');
(async () => {
  const harness = await bankingHarness({ dir: mkdtempSync('/tmp/imp-') });
  const importer = new StatementImporter(harness.reads, harness.commands);
  const file = parseStatementFile(Buffer.from(camtWith(10000)));
  const h = monitorEventLoopDelay({ resolution: 5 }); h.enable();
  const gaps = []; let last = performance.now();
  const timer = setInterval(() => { const now = performance.now(); if (now - last > 80) gaps.push(Math.round(now - last)); last = now; }, 5);
  const t = performance.now();
  const r = await importer.run({ clientNo: 1001, fileName: 'x', file, accountId: null, replacePending: false, context: { userId: 'b', clientNo: 1001, commandId: 'c1' } });
  clearInterval(timer); h.disable();
  console.log('added', r.added, 'wall', Math.round(performance.now() - t), 'delay p50', (h.percentile(50)/1e6).toFixed(1), 'p99', (h.percentile(99)/1e6).toFixed(1), 'max', (h.max/1e6).toFixed(1), 'gaps>80', gaps.length, gaps.slice(0, 20).join(','));
  await harness.close();
})();
