/** Selectors over a UBL Invoice or CreditNote, as the UBL binding of EN 16931 addresses the business terms. */
import type { El } from '../xml/dom';
import { ns } from './rule';
import { xmlTrimmed } from '../xml/space';

export function isCreditNote(root: El): boolean {
  return root.name === 'cn:CreditNote';
}

/** Invoice lines or credit note lines (BG-25) directly under the root. */
export function lines(root: El): El[] {
  return [...root.all('cac:InvoiceLine'), ...root.all('cac:CreditNoteLine')];
}

/** Lines anywhere in the document, as `//cac:InvoiceLine | //cac:CreditNoteLine` selects them. */
export function allLines(root: El): El[] {
  return [...root.descendants('cac:InvoiceLine'), ...root.descendants('cac:CreditNoteLine')];
}

/** cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT' */
export function isVat(category: El): boolean {
  return category.all('cac:TaxScheme').some((s) => ns(s.first('cbc:ID')).toUpperCase() === 'VAT');
}

/** normalize-space(cbc:ID) of a tax category. */
export function categoryCode(category: El): string {
  return ns(category.first('cbc:ID'));
}

/** The value of cbc:ChargeIndicator cast to a boolean; undefined when it is no boolean. */
export function chargeIndicator(ac: El): boolean | undefined {
  const v = xmlTrimmed(ac.first('cbc:ChargeIndicator'));
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

/** Document level allowances (false) or charges (true) directly under the root. */
export function documentAllowanceCharges(root: El, charge: boolean): El[] {
  return root.all('cac:AllowanceCharge').filter((ac) => chargeIndicator(ac) === charge);
}

/** Every cac:AllowanceCharge with this indicator anywhere (`//cac:AllowanceCharge[...]`). */
export function anyAllowanceCharges(root: El, charge: boolean): El[] {
  return root.descendants('cac:AllowanceCharge').filter((ac) => chargeIndicator(ac) === charge);
}

export function supplierParty(root: El): El | undefined {
  return root.first('cac:AccountingSupplierParty/cac:Party');
}

export function customerParty(root: El): El | undefined {
  return root.first('cac:AccountingCustomerParty/cac:Party');
}

/** //cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[VAT]/cbc:CompanyID exists */
export function sellerVatId(root: El, anyScheme = false): boolean {
  return root
    .descendants('cac:AccountingSupplierParty')
    .some((p) => p.at('cac:Party/cac:PartyTaxScheme').some((s) => (anyScheme || isVat(s)) && s.has('cbc:CompanyID')));
}

export function taxRepresentativeVatId(root: El): boolean {
  return root.descendants('cac:TaxRepresentativeParty').some((p) => p.at('cac:PartyTaxScheme').some((s) => isVat(s) && s.has('cbc:CompanyID')));
}

export function buyerVatId(root: El): boolean {
  return root.descendants('cac:AccountingCustomerParty').some((p) => p.at('cac:Party/cac:PartyTaxScheme').some((s) => isVat(s) && s.has('cbc:CompanyID')));
}

export function buyerLegalId(root: El): boolean {
  return root.descendants('cac:AccountingCustomerParty').some((p) => p.has('cac:Party/cac:PartyLegalEntity/cbc:CompanyID'));
}

/** Header VAT breakdown categories: /* /cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory */
export function breakdownCategories(root: El): El[] {
  return root.at('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory');
}
