/** Which e-invoice syntax an XML text is, judged by its root element without parsing; undefined when it is none. */
export function detectEInvoiceSyntax(xml: string): 'UBL' | 'CII' | undefined {
  const head = xml.replace(/<!--[\s\S]*?-->/g, '').slice(0, 4000);
  const root = head.match(/<(?:[\w.-]+:)?(Invoice|CreditNote|CrossIndustryInvoice|CrossIndustryDocument)[\s>]/);
  if (!root) return undefined;
  return root[1] === 'Invoice' || root[1] === 'CreditNote' ? 'UBL' : 'CII';
}
