import type { EInvoiceInfo, EInvoiceTerms, ExtractedFields } from '@portal/contracts';
import { first, parseXml } from './xml-tree';
import { parseUbl } from './parse-ubl';
import { parseCii } from './parse-cii';

export interface EInvoice {
  fields: ExtractedFields;
  syntax: EInvoiceInfo['syntax'];
  profile?: string;
  terms: EInvoiceTerms;
}

/** Which e-invoice syntax an XML text is, judged by its root element; undefined when it is none. */
export function detectEInvoiceSyntax(xml: string): EInvoiceInfo['syntax'] | undefined {
  const head = xml.replace(/<!--[\s\S]*?-->/g, '').slice(0, 4000);
  const root = head.match(/<(?:[\w.-]+:)?(Invoice|CreditNote|CrossIndustryInvoice|CrossIndustryDocument)[\s>]/);
  if (!root) return undefined;
  return root[1] === 'Invoice' || root[1] === 'CreditNote' ? 'UBL' : 'CII';
}

/** Parses an XRechnung / ZUGFeRD / Factur-X XML; throws when the text is not such an invoice. */
export function parseEInvoice(xml: string): EInvoice {
  const tree = parseXml(xml);
  const invoice = first(tree, 'Invoice');
  if (invoice) return { ...parseUbl(invoice), syntax: 'UBL' };
  const creditNote = first(tree, 'CreditNote');
  if (creditNote) return { ...parseUbl(creditNote, true), syntax: 'UBL' };
  const cii = first(tree, 'CrossIndustryInvoice|CrossIndustryDocument');
  if (cii) return { ...parseCii(cii), syntax: 'CII' };
  throw new Error('The XML file is not an XRechnung, ZUGFeRD or Factur-X invoice.');
}
