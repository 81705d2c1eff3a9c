/**
 * The verdict equals the official rules' on the shared invoices and a sample of deterministic mutants (the full
 * run with hundreds of mutants per half is `npm run einvoice:differential`). Skips when ../shared is absent.
 */
import { loadCorpus, type CorpusInvoice } from '../testing/corpus';
import { compare } from '../testing/differential';
import { ciiInvoice, ublInvoice } from '../testing/invoices';
import { mutate } from '../testing/mutate';
import { rulesDir, RULES_DIR_VARIABLE, SHARED_DIR_VARIABLE } from '../testing/oracle';

const available = !!rulesDir();
const maybe = available ? describe : describe.skip;
if (!available) {
  console.log(`Skipping the differential specs: the official rules are absent (set ${RULES_DIR_VARIABLE} or ${SHARED_DIR_VARIABLE}, or provide ../shared/fixtures/einvoice-rules).`);
}

maybe('the same fatal rules as the official Schematron', () => {
  jest.setTimeout(240_000);
  let corpus: CorpusInvoice[] = [];
  beforeAll(async () => {
    corpus = await loadCorpus();
  }, 240_000);

  it('on every shared KoSIT XRechnung invoice (development half)', () => {
    const kosit = corpus.filter((c) => c.producer === 'KoSIT');
    expect(kosit.length).toBeGreaterThan(0);
    const disagreements = kosit.map((c) => ({ name: c.name, result: compare(c.xml) })).filter((r) => r.result.kind !== 'compared' || !r.result.agree);
    expect(disagreements).toEqual([]);
  }, 240_000);

  it('on a sample of 40 mutants of this project\'s own invoices and the KoSIT invoices', () => {
    const bases = [ublInvoice(), ciiInvoice(), ...corpus.filter((c) => c.producer === 'KoSIT').slice(0, 6).map((c) => c.xml)];
    const results: string[] = [];
    for (let i = 0; i < 40; i++) {
      const m = mutate(bases[i % bases.length]!, 500_000 + i);
      if (!m) continue;
      const r = compare(m.xml);
      if (r.kind === 'compared' && !r.agree) results.push(`seed ${m.seed} (${m.description}): ours [${r.ours.join(' ')}] official [${r.official.join(' ')}]`);
    }
    expect(results).toEqual([]);
  }, 240_000);
});
