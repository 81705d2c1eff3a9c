import { CODE_LISTS_SOURCE } from './code-lists';
import { customizationOf, isBookingAidOnly, namesXRechnung, profileOf, syntaxOf } from './detect';
import { calculationRules } from './rules/calculation';
import { codeListRules } from './rules/code-lists';
import { coreRules } from './rules/core';
import { decimalRules } from './rules/decimals';
import { severityIn, type Doc, type Rule, type Syntax } from './rules/rule';
import { ciiSyntaxRules } from './rules/syntax-cii';
import { ublSyntaxRules } from './rules/syntax-ubl';
import { vatCategoryRules } from './rules/vat-categories';
import { XRECHNUNG_VERSION, xrechnungRules } from './rules/xrechnung';
import { structureFindings } from './structure';
import type { Finding, Verdict } from './verdict';
import { parseXml, XmlRefused, type El } from './xml/dom';

/** The rule set this library implements, shown with every verdict. */
export const RULES_VERSION = `portal-einvoice-rules 1.0.0 (EN 16931 rules 1.3.16, XRechnung ${XRECHNUNG_VERSION} rules, code lists ${CODE_LISTS_SOURCE} + EN 16931 code lists v16)`;

/** The EN 16931 rules, by family, for UBL and CII. */
export const EN16931_RULES: readonly Rule[] = [
  ...coreRules,
  ...calculationRules,
  ...decimalRules,
  ...vatCategoryRules,
  ...codeListRules,
  ...ublSyntaxRules,
  ...ciiSyntaxRules,
];
export const XRECHNUNG_RULES: readonly Rule[] = xrechnungRules;

/** Why a file is not checked at all: not XML, or XML that is no UBL or CII invoice. */
export class NotAnEInvoice extends Error {
  constructor(readonly reason: { en: string; de: string }) {
    super(reason.en);
  }
}

function decode(input: string | Uint8Array): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  const bytes = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([\w.-]+)["']/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export function runRules(rules: readonly Rule[], doc: Doc): Finding[] {
  const findings: Finding[] = [];
  for (const r of rules) {
    const check = doc.syntax === 'UBL' ? r.ubl : r.cii;
    if (!check) continue;
    for (const v of check(doc)) {
      findings.push({
        rule: r.id,
        severity: severityIn(r, doc.syntax),
        location: v.at.xpath(),
        message: v.detail ? { en: `${r.text.en} Here: ${v.detail.en}`, de: `${r.text.de} Hier: ${v.detail.de}` } : r.text,
      });
    }
  }
  return findings;
}

function parse(xml: string): El {
  try {
    return parseXml(xml);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    if (e instanceof XmlRefused) throw new NotAnEInvoice({ en: why, de: `Die Datei ist kein zulässiges XML: ${why}` });
    throw new NotAnEInvoice({ en: `The file is not XML: ${why}`, de: `Die Datei ist kein XML: ${why}` });
  }
}

/**
 * Validates an XRechnung / ZUGFeRD / Factur-X / EN 16931 invoice (UBL Invoice, UBL CreditNote or CII) with the
 * official business rules: the structure first, then the EN 16931 rules of its syntax, and the XRechnung
 * rules when its specification identifier names XRechnung. Throws NotAnEInvoice for anything else.
 */
export function validateEInvoice(input: string | Uint8Array): Verdict {
  const root = parse(decode(input));
  const syntaxName = syntaxOf(root);
  if (!syntaxName) {
    const legacy = root.local === 'CrossIndustryDocument';
    throw new NotAnEInvoice(
      legacy
        ? {
            en: 'This is a ZUGFeRD 1.0 invoice; the EN 16931 rules apply to ZUGFeRD 2 / Factur-X, XRechnung and UBL only.',
            de: 'Dies ist eine ZUGFeRD-1.0-Rechnung; die Regeln der EN 16931 gelten nur für ZUGFeRD 2 / Factur-X, XRechnung und UBL.',
          }
        : {
            en: `The XML is no e-invoice: its root element is ${root.name}, not a UBL Invoice, UBL CreditNote or CII CrossIndustryInvoice.`,
            de: `Das XML ist keine E-Rechnung: Das Wurzelelement ist ${root.name}, nicht UBL Invoice, UBL CreditNote oder CII CrossIndustryInvoice.`,
          },
    );
  }
  const syntax: Syntax = syntaxName === 'CII' ? 'CII' : 'UBL';
  const customization = customizationOf(root);
  const profile = profileOf(customization);
  const doc: Doc = { root, syntax };
  const findings: Finding[] = [];
  if (isBookingAidOnly(profile)) {
    findings.push({
      rule: 'PROFILE-14-USTG',
      severity: 'information',
      location: root.xpath(),
      message: {
        en: `The profile ${profile} is not an invoice in the sense of § 14 UStG (it carries too few invoice details); the EN 16931 rules are not applied to it.`,
        de: `Das Profil ${profile} ist keine Rechnung im Sinne von § 14 UStG (zu wenige Rechnungsangaben); die Regeln der EN 16931 werden darauf nicht angewandt.`,
      },
    });
  } else {
    findings.push(...structureFindings(root));
    findings.push(...runRules(EN16931_RULES, doc));
    if (namesXRechnung(customization)) findings.push(...runRules(XRECHNUNG_RULES, doc));
  }
  return { valid: !findings.some((f) => f.severity === 'fatal'), syntax: syntaxName, customization, profile, rulesVersion: RULES_VERSION, findings };
}
