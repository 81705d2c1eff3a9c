/** Test helpers: per-rule firing and passing cases built by editing this project's own invoices. */
import { validateEInvoice } from '../src';
import { ciiInvoice, DEFAULT_INVOICE, ublInvoice, type InvoiceSpec } from './invoices';

export type Edit = (xml: string) => string;

export interface RuleCase {
  rule: string;
  syntax: 'UBL' | 'CII';
  /** what makes the rule fire, in the words of the rule */
  fires: string;
  fire: Edit;
  /** the passing invoice; default: the unedited base invoice */
  pass?: Edit;
  base?: InvoiceSpec;
}

/** Replaces each `from` (which must occur) by `to`. */
export function replace(...pairs: [string, string][]): Edit {
  return (xml) =>
    pairs.reduce((acc, [from, to]) => {
      if (!acc.includes(from)) throw new Error(`case edit does not apply: ${from}`);
      return acc.replace(from, to);
    }, xml);
}

/** Removes the first element with this qualified name (with its content). */
export function remove(tag: string, nth = 0): Edit {
  return (xml) => {
    const re = new RegExp(`\\s*<${tag}(\\s[^>]*)?(/>|>[\\s\\S]*?</${tag}>)`, 'g');
    const matches = [...xml.matchAll(re)];
    const m = matches[nth];
    if (!m || m.index === undefined) throw new Error(`case edit does not apply: no ${tag}`);
    return xml.slice(0, m.index) + xml.slice(m.index + m[0].length);
  };
}

/** Inserts `fragment` right before the first `</tag>` (or `<tag .../>` turned into an open element). */
export function insertInto(tag: string, fragment: string, nth = 0): Edit {
  return (xml) => {
    const selfClosing = new RegExp(`<${tag}(\\s[^>]*)?/>`);
    const closes = [...xml.matchAll(new RegExp(`</${tag}>`, 'g'))];
    const m = closes[nth];
    if (m && m.index !== undefined) return xml.slice(0, m.index) + fragment + xml.slice(m.index);
    const s = xml.match(selfClosing);
    if (s && s.index !== undefined) return xml.slice(0, s.index) + `<${tag}${s[1] ?? ''}>${fragment}</${tag}>` + xml.slice(s.index + s[0].length);
    throw new Error(`case edit does not apply: no ${tag}`);
  };
}

export function chain(...edits: Edit[]): Edit {
  return (xml) => edits.reduce((acc, e) => e(acc), xml);
}

export function baseXml(syntax: 'UBL' | 'CII', spec: InvoiceSpec = DEFAULT_INVOICE): string {
  return syntax === 'UBL' ? ublInvoice(spec) : ciiInvoice(spec);
}

export function rulesFired(xml: string): string[] {
  return validateEInvoice(xml).findings.map((f) => f.rule);
}

/** Every family of cases registered so far (the oracle script reads them). */
export const REGISTERED: { family: string; cases: readonly RuleCase[] }[] = [];

/** Registers a firing and a passing spec for every case (Jest globals). */
export function describeRuleCases(family: string, cases: readonly RuleCase[]): void {
  REGISTERED.push({ family, cases });
  describe(family, () => {
    it.each(cases.map((c) => [`${c.rule} (${c.syntax}) fires when ${c.fires}`, c] as const))('%s', (_name, c) => {
      const xml = c.fire(baseXml(c.syntax, c.base));
      expect(rulesFired(xml)).toContain(c.rule);
    });
    it.each(cases.map((c) => [`${c.rule} (${c.syntax}) passes on a conforming invoice`, c] as const))('%s', (_name, c) => {
      const base = baseXml(c.syntax, c.base);
      const xml = c.pass ? c.pass(base) : base;
      expect(rulesFired(xml)).not.toContain(c.rule);
    });
  });
}
