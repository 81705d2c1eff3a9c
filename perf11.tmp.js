const { mkdtempSync } = require('fs');
const { camtWith } = require('./apps/api/dist/features/banking/banking.bench.js');
const { bankingHarness } = require('./apps/api/dist/features/banking/banking-harness.js');
const { StatementImporter } = require('./apps/api/dist/features/banking/statement-import.js');
const { parseStatementFile } = require('./libs/bank-statements/dist/index.js');
(async () => {
  const harness = await bankingHarness({ dir: mkdtempSync('/tmp/imp-') });
  const exec = []; const proj = [];
  const commands = { async send(...args) {
    let c = process.cpuUsage(); const out = await harness.runtime.execute(...args); let u = process.cpuUsage(c); exec.push((u.user + u.system) / 1000);
    c = process.cpuUsage(); await harness.sync(); u = process.cpuUsage(c); proj.push((u.user + u.system) / 1000);
    return out; } };
  const importer = new StatementImporter(harness.reads, commands);
  const file = parseStatementFile(Buffer.from(camtWith(5000)));
  await importer.run({ clientNo: 1001, fileName: 'x', file, accountId: null, replacePending: false, context: { userId: 'b', clientNo: 1001, commandId: 'c1' } });
  const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)].toFixed(1); };
  console.log('commands', exec.length, 'execute cpu median', med(exec), 'max', Math.max(...exec).toFixed(1), '| projection cpu median', med(proj), 'max', Math.max(...proj).toFixed(1));
  await harness.close();
})();
