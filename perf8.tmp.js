const { mkdtempSync } = require('fs');
const { camtWith } = require('./apps/api/dist/features/banking/banking.bench.js');
const { bankingHarness } = require('./apps/api/dist/features/banking/banking-harness.js');
const { StatementImporter } = require('./apps/api/dist/features/banking/statement-import.js');
const { parseStatementFile } = require('./libs/bank-statements/dist/index.js');
(async () => {
  const harness = await bankingHarness({ dir: mkdtempSync('/tmp/imp-') });
  const importer = new StatementImporter(harness.reads, harness.commands);
  const file = parseStatementFile(Buffer.from(camtWith(10000)));
  const c = process.cpuUsage(); const t = performance.now();
  let maxGap = 0; let last = performance.now();
  const timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - last); last = now; }, 5);
  const r = await importer.run({ clientNo: 1001, fileName: 'x', file, accountId: null, replacePending: false, context: { userId: 'b', clientNo: 1001, commandId: 'c1' } });
  clearInterval(timer);
  const u = process.cpuUsage(c);
  console.log('added', r.added, 'wall', Math.round(performance.now() - t), 'cpu', Math.round((u.user + u.system) / 1000), 'max loop gap', Math.round(maxGap));
  await harness.close();
})();
