// temporary profiling script (not committed)
const { mkdtempSync } = require('node:fs');
const { join } = require('node:path');
const { tmpdir } = require('node:os');
const { CommandRuntime } = require('@portal/commands');
const { SqliteEventStore } = require('@portal/event-store');
const { SqliteReadStore } = require('@portal/read-store');
const { fonQuotaProjection, replayInto } = require('@portal/projector');
const { FonImporter } = require('../apps/api/dist/features/fon/imports/fon-importer');
const { fonQuotaCsv } = require('../apps/api/dist/features/fon/imports/fon-file-writer');
(async () => {
  const n = Number(process.argv[2] || 5000);
  const recs = Array.from({ length: n }, (_, i) => ({ taxId: `46${String(1000000 + i).slice(-7)}`, returnType: 'ESt', name: `M ${i}`, counted: true, businessIncome: false, abgabedatum: i % 3 ? null : '2026-03-01', eingangsDatum: null }));
  const dir = mkdtempSync(join(tmpdir(), 'prof-fon-'));
  const events = new SqliteEventStore(join(dir, 'e.sqlite'));
  const rt = new CommandRuntime(events);
  const imp = new FonImporter((d, s, c, x) => rt.execute(d, s, c, x), null);
  let t = Date.now();
  await imp.wait(await imp.start({ firmId: 'b', source: 'fon-file', taxYear: 2025, fonUserId: null, fileName: 'x', content: Buffer.from(fonQuotaCsv(2025, recs)) }, { userId: 'u', clientNo: null }));
  console.log('import', Date.now() - t);
  const reads = new SqliteReadStore(join(dir, 'r.sqlite'));
  t = Date.now();
  const r = await replayInto(events, reads, [fonQuotaProjection]);
  console.log('replay', Date.now() - t, r.events);
})();
