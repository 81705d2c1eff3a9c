/**
 * The verdict equals the official rules' on the shared invoices and a sample of deterministic mutants (the full
 * run with hundreds of mutants per half is `npm run einvoice:differential`). Skips when ../shared is absent.
 */
import { loadCorpus, type CorpusInvoice } from '../testing/corpus';
import { compare } from '../testing/differential';
import { ciiInvoice, ublInvoice } from '../testing/invoices';
import { mutate } from '../testing/mutate';
import { validateEInvoice } from './index';
import { oracleFindings, rulesDir, RULES_DIR_VARIABLE, SHARED_DIR_VARIABLE } from '../testing/oracle';

const available = !!rulesDir();
const maybe = available ? describe : describe.skip;
if (!available) {
  console.log(
    `Skipping the differential specs: the official rules are absent (set ${RULES_DIR_VARIABLE} or ${SHARED_DIR_VARIABLE}, or provide ../shared/fixtures/einvoice-rules).`,
  );
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

  it("on a sample of 40 mutants of this project's own invoices and the KoSIT invoices", () => {
    const bases = [
      ublInvoice(),
      ciiInvoice(),
      ...corpus
        .filter((c) => c.producer === 'KoSIT')
        .slice(0, 6)
        .map((c) => c.xml),
    ];
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

maybe('the IBAN checks (BR-DE-19) as the official rules define them', () => {
  jest.setTimeout(240_000);
  const withIban = (iban: string) => ublInvoice().replace('<cbc:ID>DE02120300000000202051</cbc:ID>', `<cbc:ID>${iban}</cbc:ID>`);
  const fires = (findings: readonly { rule: string }[]) => findings.some((f) => f.rule === 'BR-DE-19');

  it.each([
    // Rearranged, both are 24-digit numbers: beyond a double, so only exact integers tell them apart.
    ['a valid Dutch IBAN', 'NL91ABNA0417164300', false],
    ['a German IBAN with a wrong check digit', 'DE02120300000000202052', true],
    ['an IBAN printed in groups of four', 'DE02 1203 0000 0000 2020 51', false],
    ['an IBAN with a no-break space', 'DE02\u00a0120300000000202051', true],
  ] as const)(
    'given %s, ours and the official verdict agree on BR-DE-19',
    (_name, iban, expected) => {
      const xml = withIban(iban);
      expect(fires(oracleFindings(xml))).toBe(expected);
      expect(fires(validateEInvoice(xml).findings)).toBe(expected);
    },
    240_000,
  );
});
