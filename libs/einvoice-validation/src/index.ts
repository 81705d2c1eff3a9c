export { validateEInvoice, NotAnEInvoice, RULES_VERSION, EN16931_RULES, XRECHNUNG_RULES } from './validate';
export type { Verdict, Finding } from './verdict';
export type { Severity } from './rules/rule';
export type { SyntaxName, Profile } from './detect';
export { CODE_LISTS, type CodeList } from './code-lists';
