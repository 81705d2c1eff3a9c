/**
 * The official rules as a test oracle: the EN 16931 XSLT and the XRechnung Schematron (compiled to XSLT) from
 * ../shared/fixtures/einvoice-rules, run with SaxonJS. Test and tooling code only: the portal never loads them.
 * The stylesheets are compiled once to SEF files in a cache directory outside the repository.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RULES_DIR_VARIABLE = 'EINVOICE_RULES_DIR';
export const SHARED_DIR_VARIABLE = 'PORTAL_SHARED_DIR';

/** ../shared as seen from the repository root (overridable), or undefined when it is absent. */
export function sharedDir(): string | undefined {
  const candidates = [process.env[SHARED_DIR_VARIABLE], path.resolve(__dirname, '../../../../shared'), path.resolve(__dirname, '../../../shared')];
  return candidates.find((c): c is string => !!c && existsSync(path.join(c, 'fixtures')));
}

export function rulesDir(): string | undefined {
  const explicit = process.env[RULES_DIR_VARIABLE];
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  const shared = sharedDir();
  const dir = shared && path.join(shared, 'fixtures/einvoice-rules');
  return dir && existsSync(path.join(dir, 'EN16931-UBL-validation.xslt')) ? dir : undefined;
}

export interface OracleFinding {
  rule: string;
  flag: string;
  location: string;
  text: string;
}

const STYLESHEETS = {
  'en-ubl': 'EN16931-UBL-validation.xslt',
  'en-cii': 'EN16931-CII-validation.xslt',
  'xr-ubl': 'XRechnung-UBL-validation.xsl',
  'xr-cii': 'XRechnung-CII-validation.xsl',
} as const;
type Sheet = keyof typeof STYLESHEETS;

function cacheDir(): string {
  const dir = path.join(os.tmpdir(), 'portal-einvoice-oracle');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Where SaxonJS departs from XPath, the official expression is rewritten to one that means the same under
 * XPath and that SaxonJS evaluates as XPath defines it (the KoSIT validator runs Saxon on Java, which follows
 * XPath here). Each rewrite must apply exactly as often as stated, so a new rules version is looked at again.
 * - xs:integer arithmetic: SaxonJS computes `mod` on an xs:integer beyond 2^53 in doubles, e.g.
 *   xs:integer('120300000000202052131402') mod 97 gives 1 where the value is 28; the IBAN check of BR-DE-19
 *   casts its number of up to 68 digits so. xs:decimal has the same value and SaxonJS keeps it exact (BR-DE-20's
 *   own assert casts the same number to xs:decimal).
 * - `\s` in a regular expression: XPath's is space, tab, CR and LF only; SaxonJS's also takes the no-break
 *   space and the other Unicode spaces. The IBAN checks' white-space class already lists the four; the e-mail
 *   pattern (BR-DE-28), the line break after the Skonto lines (BR-DE-18) and the format-102 date (CII-DT-097)
 *   get the four written out.
 */
const XPATH_REWRITES: Partial<Record<Sheet, { from: string; to: string; times: number }[]>> = {
  'xr-ubl': [
    { from: 'xs:integer(string-join(', to: 'xs:decimal(string-join(', times: 2 },
    { from: "'([ \\n\\r\\t\\s])'", to: "'([ \\n\\r\\t])'", times: 16 },
    { from: "'^[^@\\s]+@([^@.\\s]+\\.)+[^@.\\s]+$'", to: "'^[^@ \\n\\r\\t]+@([^@. \\n\\r\\t]+\\.)+[^@. \\n\\r\\t]+$'", times: 1 },
    { from: "'^\\s*\\n'", to: "'^[ \\n\\r\\t]*\\n'", times: 2 },
  ],
  'en-cii': [
    { from: "'^\\s*(\\d{4})", to: "'^[ \\n\\r\\t]*(\\d{4})", times: 2 },
    { from: "{1}\\s*$'", to: "{1}[ \\n\\r\\t]*$'", times: 2 },
  ],
};
XPATH_REWRITES['xr-cii'] = XPATH_REWRITES['xr-ubl'];

function rewritten(sheet: Sheet, text: string): string {
  return (XPATH_REWRITES[sheet] ?? []).reduce((acc, { from, to, times }) => {
    const found = acc.split(from).length - 1;
    if (found !== times) throw new Error(`${STYLESHEETS[sheet]}: expected ${times} × ${from} to rewrite, found ${found}`);
    return acc.split(from).join(to);
  }, text);
}

/** Compiles a stylesheet (with its rewrites) to SEF once (about a minute each) and returns the SEF path. */
export function compiledSheet(sheet: Sheet): string {
  const dir = rulesDir();
  if (!dir) throw new Error(`The official rules are absent: set ${RULES_DIR_VARIABLE} or provide ../shared/fixtures/einvoice-rules`);
  const text = rewritten(sheet, readFileSync(path.join(dir, STYLESHEETS[sheet]), 'utf8'));
  const key = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const sef = path.join(cacheDir(), `${sheet}-${key}.sef.json`);
  if (existsSync(sef) && statSync(sef).size > 0) return sef;
  // The rewritten text lives only in the cache directory, beside its compiled form.
  const source = path.join(cacheDir(), `${sheet}-${key}${path.extname(STYLESHEETS[sheet])}`);
  writeFileSync(source, text);
  const xslt3 = require.resolve('xslt3/xslt3.js');
  execFileSync(process.execPath, [xslt3, `-xsl:${source}`, `-export:${sef}.tmp`, '-nogo', '-relocate:on'], { stdio: 'ignore' });
  execFileSync('mv', [`${sef}.tmp`, sef]);
  return sef;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const SaxonJS = require('saxon-js') as {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string };
};

const loaded = new Map<Sheet, unknown>();
function stylesheet(sheet: Sheet): unknown {
  let internal = loaded.get(sheet);
  if (!internal) {
    internal = JSON.parse(readFileSync(compiledSheet(sheet), 'utf8'));
    loaded.set(sheet, internal);
  }
  return internal;
}

function svrlFindings(svrl: string): OracleFinding[] {
  const findings: OracleFinding[] = [];
  const re = /<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g;
  for (const m of svrl.matchAll(re)) {
    const attrs = m[2] ?? '';
    const get = (name: string) => attrs.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? '';
    const text = (m[3] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    findings.push({ rule: get('id'), flag: get('flag') || 'fatal', location: get('location'), text });
  }
  return findings;
}

export function isXRechnung(xml: string): boolean {
  const m = xml.match(/<(?:[\w-]+:)?CustomizationID[^>]*>([^<]*)</) ?? xml.match(/GuidelineSpecifiedDocumentContextParameter>\s*<(?:[\w-]+:)?ID[^>]*>([^<]*)</);
  return !!m && /xrechnung/i.test(m[1] ?? '');
}

/** The official verdict: EN 16931 for the syntax, plus XRechnung when the CustomizationID names it. */
export function oracleFindings(xml: string): OracleFinding[] {
  const head = xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '').trimStart();
  const cii = /^<(?:[\w-]+:)?CrossIndustryInvoice\b/.test(head);
  const sheets: Sheet[] = [cii ? 'en-cii' : 'en-ubl'];
  if (isXRechnung(xml)) sheets.push(cii ? 'xr-cii' : 'xr-ubl');
  return sheets.flatMap((sheet) => {
    const result = SaxonJS.transform({ stylesheetInternal: stylesheet(sheet), sourceText: xml, destination: 'serialized' }, 'sync');
    return svrlFindings(result.principalResult);
  });
}

export function fatalRuleSet(findings: readonly { rule: string; flag?: string; severity?: string }[]): string[] {
  return [...new Set(findings.filter((f) => (f.flag ?? f.severity) === 'fatal').map((f) => f.rule))].sort();
}
