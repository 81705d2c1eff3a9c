import { validateEInvoice, NotAnEInvoice } from './index';
import { ciiInvoice, DEFAULT_INVOICE, ublInvoice } from '../testing/invoices';

const rules = (xml: string) => validateEInvoice(xml).findings.map((f) => f.rule);

describe('the structure check before the rules', () => {
  it('finds nothing in a schema-conforming invoice', () => {
    expect(rules(ublInvoice()).filter((r) => r.startsWith('SCHEMA-'))).toEqual([]);
    expect(rules(ciiInvoice()).filter((r) => r.startsWith('SCHEMA-'))).toEqual([]);
  });
  it('reports an element the schema requires', () => {
    expect(rules(ublInvoice().replace(/<cac:LegalMonetaryTotal>[\s\S]*<\/cac:LegalMonetaryTotal>/, ''))).toContain('SCHEMA-REQUIRED');
  });
  it('reports a UBL amount without currency', () => {
    expect(rules(ublInvoice().replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount>'))).toContain('SCHEMA-CURRENCY');
  });
  it('reports an amount that is no decimal number', () => {
    expect(rules(ciiInvoice().replace('<ram:GrandTotalAmount>1297.00', '<ram:GrandTotalAmount>1.297,00'))).toContain('SCHEMA-DECIMAL');
  });
  it('reports a date that is no date', () => {
    expect(rules(ublInvoice().replace('<cbc:IssueDate>2026-03-31', '<cbc:IssueDate>31.03.2026'))).toContain('SCHEMA-DATE');
  });
  it('refuses a DOCTYPE, which is how entity expansion attacks come in', () => {
    expect(() => validateEInvoice(`<!DOCTYPE x [<!ENTITY a "aaaa">]>${ublInvoice().replace(/^<\?xml[^>]*>/, '')}`)).toThrow(NotAnEInvoice);
  });
  it('refuses XML that is no e-invoice, and names a ZUGFeRD 1.0 document as such', () => {
    expect(() => validateEInvoice('<Order xmlns="urn:x"/>')).toThrow(/not a UBL Invoice/);
    expect(() => validateEInvoice('<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>')).toThrow(/ZUGFeRD 1.0/);
    expect(() => validateEInvoice('not xml')).toThrow(NotAnEInvoice);
  });
  it('reads bytes in the encoding the XML declaration names', () => {
    const latin1 = ublInvoice().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace('Beratung Jahresabschluss', 'Prüfung');
    const bytes = Uint8Array.from([...latin1].map((c) => c.charCodeAt(0)));
    expect(validateEInvoice(bytes).valid).toBe(true);
  });
});

describe('specification and profile', () => {
  it('reports Factur-X MINIMUM as not an invoice in the sense of § 14 UStG, as information only', () => {
    const v = validateEInvoice(ciiInvoice({ ...DEFAULT_INVOICE, customization: 'urn:factur-x.eu:1p0:minimum' }));
    expect(v.profile).toBe('Factur-X/ZUGFeRD MINIMUM');
    expect(v.valid).toBe(true);
    expect(v.findings).toEqual([expect.objectContaining({ rule: 'PROFILE-14-USTG', severity: 'information' })]);
  });
  it('names the profiles of XRechnung and Factur-X', () => {
    expect(validateEInvoice(ublInvoice()).profile).toBe('XRechnung');
    expect(validateEInvoice(ciiInvoice({ ...DEFAULT_INVOICE, customization: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended' })).profile).toBe(
      'Factur-X/ZUGFeRD EXTENDED',
    );
  });
  it('shows the rule set version with every verdict', () => {
    expect(validateEInvoice(ublInvoice()).rulesVersion).toMatch(/EN 16931 rules 1\.3\.16, XRechnung 3\.0/);
  });
  it('gives messages with the figures in both languages', () => {
    const broken = ublInvoice().replace('<cbc:TaxInclusiveAmount currencyID="EUR">1297.00', '<cbc:TaxInclusiveAmount currencyID="EUR">1300.00');
    const f = validateEInvoice(broken).findings.find((x) => x.rule === 'BR-CO-15')!;
    expect(f.message.de).toContain('1.300,00 ≠ 1.100,00 + 197,00');
    expect(f.message.en).toContain('1,300.00 ≠ 1,100.00 + 197.00');
    expect(f.location).toBe('/ubl:Invoice');
  });
});
