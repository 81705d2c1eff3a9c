/**
 * The big differential run: every shared invoice and hundreds of deterministic mutants, this library's fatal
 * rule ids against the official rules'. Prints agreement per half (development: KoSIT XRechnung suite and its
 * mutants; held out: the ZUGFeRD/Factur-X producers and their mutants), per rule, and every disagreement.
 *
 *   npm run einvoice:differential [-- --mutants 300 --half development|held-out|both]
 */
import { loadCorpus, type Half } from '../testing/corpus';
import { compare } from '../testing/differential';
import { ciiInvoice, ublInvoice } from '../testing/invoices';
import { mutate } from '../testing/mutate';
import { rulesDir, RULES_DIR_VARIABLE, SHARED_DIR_VARIABLE } from '../testing/oracle';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const MUTANTS = Number(arg('mutants', '300'));
const HALF = arg('half', 'both');
const SEED_BASE: Record<Half, number> = { development: 100_000, 'held-out': 900_000 };

interface Tally {
  compared: number;
  agreed: number;
  skipped: number;
  byRule: Map<string, { both: number; onlyOurs: number; onlyOfficial: number }>;
  disagreements: string[];
}
const tally = (): Tally => ({ compared: 0, agreed: 0, skipped: 0, byRule: new Map(), disagreements: [] });

function record(t: Tally, name: string, xml: string): void {
  const c = compare(xml);
  if (c.kind === 'skipped') {
    t.skipped++;
    return;
  }
  t.compared++;
  if (c.agree) t.agreed++;
  const ids = new Set([...c.ours, ...c.official]);
  for (const id of ids) {
    const e = t.byRule.get(id) ?? { both: 0, onlyOurs: 0, onlyOfficial: 0 };
    const a = c.ours.includes(id);
    const b = c.official.includes(id);
    if (a && b) e.both++;
    else if (a) e.onlyOurs++;
    else e.onlyOfficial++;
    t.byRule.set(id, e);
  }
  if (!c.agree) {
    const extra = c.ours.filter((r) => !c.official.includes(r));
    const missing = c.official.filter((r) => !c.ours.includes(r));
    t.disagreements.push(`${name}: only ours [${extra.join(' ')}], only official [${missing.join(' ')}]`);
  }
}

function report(label: string, t: Tally): void {
  const pct = t.compared ? ((100 * t.agreed) / t.compared).toFixed(1) : '–';
  console.log(`\n== ${label}: fatal-set equality ${t.agreed}/${t.compared} = ${pct} % (${t.skipped} skipped)`);
  const rows = [...t.byRule.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [id, e] of rows) {
    const total = e.both + e.onlyOurs + e.onlyOfficial;
    console.log(`  ${id.padEnd(16)} agree ${String(e.both).padStart(4)}/${String(total).padEnd(4)} only ours ${e.onlyOurs}  only official ${e.onlyOfficial}`);
  }
  for (const d of t.disagreements) console.log(`  ✗ ${d}`);
}

async function main(): Promise<void> {
  if (!rulesDir()) {
    console.log(`Skipped: the official rules are absent (set ${RULES_DIR_VARIABLE} or ${SHARED_DIR_VARIABLE}, or provide ../shared/fixtures/einvoice-rules).`);
    return;
  }
  const corpus = await loadCorpus();
  const halves: Half[] = HALF === 'both' ? ['development', 'held-out'] : [HALF as Half];
  for (const half of halves) {
    const own =
      half === 'development'
        ? [
            { name: 'generated UBL invoice', producer: 'this project', half, xml: ublInvoice() },
            { name: 'generated CII invoice', producer: 'this project', half, xml: ciiInvoice() },
          ]
        : [];
    const bases = [...corpus.filter((c) => c.half === half), ...own];
    const invoices = tally();
    const mutants = tally();
    const started = Date.now();
    for (const b of bases) record(invoices, b.name, b.xml);
    const usable = bases.filter((b) => compare(b.xml).kind === 'compared');
    for (let i = 0; i < MUTANTS && usable.length > 0; i++) {
      const seed = SEED_BASE[half] + i;
      const base = usable[i % usable.length]!;
      const m = mutate(base.xml, seed);
      if (m) record(mutants, `${base.name} seed ${seed} (${m.description})`, m.xml);
    }
    report(
      `${half}: shared invoices (${bases
        .map((b) => b.producer)
        .filter((p, i, a) => a.indexOf(p) === i)
        .join(', ')})`,
      invoices,
    );
    report(`${half}: mutants (seeds ${SEED_BASE[half]}…${SEED_BASE[half] + MUTANTS - 1})`, mutants);
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
