import { attr, first, text, type XmlNode } from './xml-tree';
import { ciiDate } from './values';

// Element names differ between CII D16B (ZUGFeRD 2 / Factur-X / XRechnung) and ZUGFeRD 1
// (CrossIndustryDocument); each step lists both spellings.
export const DOCUMENT = 'ExchangedDocument|HeaderExchangedDocument';
export const CONTEXT = 'ExchangedDocumentContext|SpecifiedExchangedDocumentContext';
export const TRANSACTION = 'SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction';
export const AGREEMENT = 'ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement';
export const DELIVERY = 'ApplicableHeaderTradeDelivery|ApplicableSupplyChainTradeDelivery';
export const SETTLEMENT = 'ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement';
export const SUMMATION = 'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation';
export const RATE = 'RateApplicablePercent|ApplicablePercent';

/** The date of a CII date-time element (its DateTimeString, format 102 by default) as YYYY-MM-DD. */
export function ciiDateOf(node: XmlNode | undefined): string | undefined {
  const value = first(node, 'DateTimeString');
  return ciiDate(text(value), attr(value, 'format'));
}
