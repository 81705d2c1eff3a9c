/** Compares this library's fatal rule ids with the official rules' on one invoice. */
import { NotAnEInvoice, validateEInvoice } from '../src';
import { isBookingAidOnly } from '../src/detect';
import { fatalRuleSet, oracleFindings } from './oracle';

export type Comparison = { kind: 'compared'; ours: string[]; official: string[]; agree: boolean } | { kind: 'skipped'; why: string };

/** Our fatal business-rule ids: the structure check (SCHEMA-*) has no counterpart in the rule files. */
export function ourFatalRules(xml: string): string[] | { skipped: string } {
  try {
    const verdict = validateEInvoice(xml);
    if (isBookingAidOnly(verdict.profile)) return { skipped: `profile ${verdict.profile} (not checked against EN 16931)` };
    return fatalRuleSet(verdict.findings.filter((f) => !f.rule.startsWith('SCHEMA-')));
  } catch (e) {
    if (e instanceof NotAnEInvoice) return { skipped: `not an e-invoice: ${e.reason.en}` };
    throw e;
  }
}

export function compare(xml: string): Comparison {
  const ours = ourFatalRules(xml);
  if (!Array.isArray(ours)) return { kind: 'skipped', why: ours.skipped };
  let official: string[];
  try {
    official = fatalRuleSet(oracleFindings(xml));
  } catch (e) {
    return { kind: 'skipped', why: `the official rules stopped with an error: ${(e instanceof Error ? e.message : String(e)).slice(0, 120)}` };
  }
  const agree = ours.length === official.length && ours.every((r, i) => r === official[i]);
  return { kind: 'compared', ours, official, agree };
}
