/** Selectors over a UN/CEFACT CII CrossIndustryInvoice, as the CII binding of EN 16931 addresses the business terms. */
import type { El } from '../xml/dom';
import { ns } from './rule';
import { xmlTrimmed } from '../xml/space';

export const TX = 'rsm:SupplyChainTradeTransaction';
export const AGREEMENT = `${TX}/ram:ApplicableHeaderTradeAgreement`;
export const DELIVERY = `${TX}/ram:ApplicableHeaderTradeDelivery`;
export const SETTLEMENT = `${TX}/ram:ApplicableHeaderTradeSettlement`;
export const SUMMATION = `${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;

export function settlement(root: El): El | undefined {
  return root.first(SETTLEMENT);
}

/** Lines under the transaction (`/rsm:CrossIndustryInvoice/.../ram:IncludedSupplyChainTradeLineItem`). */
export function lines(root: El): El[] {
  return root.at(`${TX}/ram:IncludedSupplyChainTradeLineItem`);
}

/** upper-case(ram:TypeCode) = 'VAT' */
export function isVat(tax: El): boolean {
  return tax.all('ram:TypeCode').some((t) => t.value().toUpperCase() === 'VAT');
}

/** The literal ram:CategoryCode values of a tax element (string comparison, as the rules compare). */
export function hasCategory(tax: El, code: string): boolean {
  return tax.all('ram:CategoryCode').some((c) => c.value() === code);
}

export function categoryCode(tax: El): string {
  return ns(tax.first('ram:CategoryCode'));
}

/** ram:ChargeIndicator/udt:Indicator cast to boolean; undefined when it is no boolean. */
export function chargeIndicator(ac: El): boolean | undefined {
  const v = xmlTrimmed(ac.first('ram:ChargeIndicator/udt:Indicator'));
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

/** ram:ChargeIndicator/udt:Indicator = 'true' | 'false' compared as text. */
export function chargeIndicatorText(ac: El): string | undefined {
  return ac.first('ram:ChargeIndicator/udt:Indicator')?.value();
}

export function headerAllowanceCharges(root: El, charge: boolean): El[] {
  return root.at(`${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge`).filter((ac) => chargeIndicator(ac) === charge);
}

/** Header VAT breakdowns: //ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax */
export function headerTaxes(root: El): El[] {
  return root.descendants('ram:ApplicableHeaderTradeSettlement').flatMap((s) => s.all('ram:ApplicableTradeTax'));
}

/** Line taxes: //ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax */
export function lineTaxes(root: El): El[] {
  return root.descendants('ram:SpecifiedLineTradeSettlement').flatMap((s) => s.all('ram:ApplicableTradeTax'));
}

/** //ram:CategoryTradeTax (allowances and charges at any level) */
export function allowanceTaxes(root: El): El[] {
  return root.descendants('ram:CategoryTradeTax');
}

/** A ram:ID with the given schemeID under the party's ram:SpecifiedTaxRegistration. */
export function taxRegistration(party: El | undefined, schemes: readonly string[]): boolean {
  return !!party && party.at('ram:SpecifiedTaxRegistration/ram:ID').some((id) => schemes.includes(id.attr('schemeID') ?? '\u0000'));
}

export function sellerParties(root: El): El[] {
  return root.descendants('ram:SellerTradeParty');
}

export function anySellerTaxRegistration(root: El, schemes: readonly string[]): boolean {
  return sellerParties(root).some((p) => taxRegistration(p, schemes));
}

export function anyTaxRepresentativeVat(root: El): boolean {
  return root.descendants('ram:SellerTaxRepresentativeTradeParty').some((p) => taxRegistration(p, ['VA']));
}

export function anyBuyerVat(root: El): boolean {
  return root.descendants('ram:BuyerTradeParty').some((p) => taxRegistration(p, ['VA']));
}
