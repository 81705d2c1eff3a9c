import { EINVOICE_TERMS_VERSION, ORIGIN } from '@portal/contracts';
import { detectEInvoiceSyntax, parseEInvoice, type EInvoice } from './einvoice/parse-einvoice';
import { renderEInvoiceText } from './einvoice/render-text';
import { failed, type Extracted } from './context';
import { originsFor } from './field-origins';
import { detectLanguage } from './fields/language';
import { PROBLEMS } from './problems';

/** The human text inside an XML (notes, item names), to tell the invoice's language. */
function xmlWords(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]+>/g, ' ');
}

function tryParse(xml: string): EInvoice | undefined {
  try {
    return parseEInvoice(xml);
  } catch {
    return undefined;
  }
}

/** A structured e-invoice sent as an XML file: its values, and a readable rendering as the text. */
export function extractXml(bytes: Buffer): Extracted {
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!detectEInvoiceSyntax(xml)) return failed(xml.trimStart().startsWith('<') ? PROBLEMS.xmlNotInvoice : PROBLEMS.xmlDamaged);
  const invoice = tryParse(xml);
  if (!invoice) return failed(PROBLEMS.xmlDamaged);
  const language = detectLanguage(xmlWords(xml)) ?? 'de';
  return {
    origin: ORIGIN.EInvoice_XML,
    text: renderEInvoiceText(invoice.fields, language),
    pages: 0,
    pageOrigins: [],
    fields: invoice.fields,
    fieldOrigins: originsFor(invoice.fields, ORIGIN.EInvoice_XML),
    einvoice: {
      syntax: invoice.syntax,
      source: 'xml-file',
      ...(invoice.profile ? { profile: invoice.profile } : {}),
      terms: invoice.terms,
      terms_version: EINVOICE_TERMS_VERSION,
    },
    language,
  };
}
