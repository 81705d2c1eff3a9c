/**
 * Checks the per-rule spec cases against the official rules: each firing case must fire the rule in the
 * official verdict too, each passing case must not, and the whole fatal set must be the same.
 *   npx tsx libs/einvoice-validation/scripts/cases-vs-oracle.ts
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { compare } from '../testing/differential';
import { validateEInvoice } from '../src';
import { oracleFindings, rulesDir, RULES_DIR_VARIABLE } from '../testing/oracle';
import { baseXml, REGISTERED } from '../testing/rule-cases';

// The spec files register their cases through Jest's globals; outside Jest these do nothing.
const g = globalThis as Record<string, unknown>;
const noop = Object.assign(() => undefined, { each: () => () => undefined, skip: () => undefined });
for (const name of ['describe', 'it', 'test', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'expect']) g[name] = noop;

async function main(): Promise<void> {
  if (!rulesDir()) {
    console.log(`Skipped: the official rules are absent (set ${RULES_DIR_VARIABLE}).`);
    return;
  }
  const dir = path.join(__dirname, '../src/rules');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.spec.ts') && x !== 'coverage.spec.ts')) await import(path.join(dir, f));
  let total = 0;
  let agreed = 0;
  const problems: string[] = [];
  for (const { family, cases } of REGISTERED) {
    for (const c of cases) {
      const base = baseXml(c.syntax, c.base);
      for (const [kind, xml] of [
        ['fires', c.fire(base)],
        ['passes', c.pass ? c.pass(base) : base],
      ] as const) {
        const r = compare(xml);
        if (r.kind !== 'compared') {
          problems.push(`${family} ${c.rule} ${c.syntax} ${kind}: skipped (${r.why})`);
          continue;
        }
        total++;
        // The rule itself, at any severity: the official verdict must name it exactly when the case fires it,
        // with the same flag as ours.
        const ours = validateEInvoice(xml)
          .findings.filter((f) => f.rule === c.rule)
          .map((f) => f.severity);
        const official = oracleFindings(xml)
          .filter((f) => f.rule === c.rule)
          .map((f) => f.flag);
        const expected = kind === 'fires';
        const ruleOk = official.length > 0 === expected && ours.length > 0 === expected && (!expected || official[0] === ours[0]);
        if (r.agree && ruleOk) agreed++;
        else
          problems.push(
            `${family} ${c.rule} ${c.syntax} ${kind}: ours [${r.ours.join(' ')}] official [${r.official.join(' ')}], the rule: ours ${ours.join('/') || '–'}, official ${official.join('/') || '–'}`,
          );
      }
    }
  }
  console.log(
    `spec cases against the official rules: ${agreed}/${total} agree (same fatal set; the rule fires, with the same flag, exactly when the case says)`,
  );
  for (const p of problems) console.log(`  ✗ ${p}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
