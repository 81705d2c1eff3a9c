import type { El } from '../xml/dom';
import { Dec } from '../xml/decimal';
import { normalizeSpace } from '../xml/space';

export type Severity = 'fatal' | 'warning' | 'information';
export type Syntax = 'UBL' | 'CII';

export interface Text {
  en: string;
  de: string;
}

/** One place where a rule is broken; `detail` adds the figures to the rule's text. */
export interface Violation {
  at: El;
  detail?: Text;
}

/** The parsed document handed to every rule. */
export interface Doc {
  root: El;
  syntax: Syntax;
}

export type Check = (doc: Doc) => Violation[];

export interface Rule {
  id: string;
  severity: Severity;
  /** where the CII binding flags the rule differently from the UBL binding */
  ciiSeverity?: Severity;
  text: Text;
  ubl?: Check;
  cii?: Check;
}

export function rule(id: string, severity: Severity | { ubl: Severity; cii: Severity }, text: Text, checks: { ubl?: Check; cii?: Check }): Rule {
  if (typeof severity === 'string') return { id, severity, text, ...checks };
  return { id, severity: severity.ubl, ciiSeverity: severity.cii, text, ...checks };
}

export function severityIn(r: Rule, syntax: Syntax): Severity {
  return syntax === 'CII' && r.ciiSeverity ? r.ciiSeverity : r.severity;
}

/** The context nodes for which `ok` does not hold. */
export function each(nodes: readonly El[], ok: (el: El) => boolean, detail?: (el: El) => Text | undefined): Violation[] {
  const out: Violation[] = [];
  for (const el of nodes) if (!ok(el)) out.push({ at: el, detail: detail?.(el) });
  return out;
}

// ---- XPath-like helpers over the element tree ----

/** normalize-space of the string value of the first node (empty when there is none). */
export function ns(el: El | undefined): string {
  return el ? normalizeSpace(el.value()) : '';
}

/** normalize-space(path) relative to `el`. */
export function nsAt(el: El | undefined, path: string): string {
  return ns(el?.first(path));
}

export function filled(el: El | undefined, path: string): boolean {
  return nsAt(el, path) !== '';
}

/** xs:decimal(path) of the first node, undefined when absent or not a decimal. */
export function dec(el: El | undefined): Dec | undefined {
  return el ? Dec.parse(el.value()) : undefined;
}

export function decAt(el: El | undefined, path: string): Dec | undefined {
  return dec(el?.first(path));
}

/** Compares like XPath general comparison of two optional decimals: false when either is missing. */
export function same(a: Dec | undefined, b: Dec | undefined): boolean {
  return !!a && !!b && a.eq(b);
}

/** string-length(substring-after(value, '.')) <= 2 for every node. */
export function twoDecimals(el: El | undefined): boolean {
  if (!el) return true;
  const v = el.value();
  const i = v.indexOf('.');
  return i === -1 || v.length - i - 1 <= 2;
}

export function upper(s: string): string {
  return s.toUpperCase();
}

// ---- figures in messages ----

const formats = {
  en: new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 6 }),
  de: new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 6 }),
};

export function amount(lang: 'en' | 'de', value: Dec | undefined): string {
  if (!value) return lang === 'de' ? '(fehlt)' : '(missing)';
  return formats[lang].format(value.toNumber());
}

/** A detail text built from the same template in both languages, amounts formatted per locale. */
export function figures(build: (fmt: (v: Dec | undefined) => string, lang: 'en' | 'de') => string): Text {
  return { en: build((v) => amount('en', v), 'en'), de: build((v) => amount('de', v), 'de') };
}
