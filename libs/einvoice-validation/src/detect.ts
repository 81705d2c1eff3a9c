/** Which syntax and which specification (CIUS / profile) an e-invoice declares. */
import type { El } from './xml/dom';
import { xmlTrimmed } from './xml/space';

export type SyntaxName = 'UBL Invoice' | 'UBL CreditNote' | 'CII';

export type Profile =
  | 'XRechnung'
  | 'XRechnung Extension'
  | 'XRechnung CVD'
  | 'EN 16931'
  | 'Factur-X/ZUGFeRD MINIMUM'
  | 'Factur-X/ZUGFeRD BASIC WL'
  | 'Factur-X/ZUGFeRD BASIC'
  | 'Factur-X/ZUGFeRD EN16931'
  | 'Factur-X/ZUGFeRD EXTENDED'
  | 'Peppol BIS Billing 3.0'
  | 'other';

export function syntaxOf(root: El): SyntaxName | undefined {
  if (root.name === 'ubl:Invoice') return 'UBL Invoice';
  if (root.name === 'cn:CreditNote') return 'UBL CreditNote';
  if (root.name === 'rsm:CrossIndustryInvoice') return 'CII';
  return undefined;
}

export function customizationOf(root: El): string | undefined {
  const el =
    root.name === 'rsm:CrossIndustryInvoice'
      ? root.first('rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID')
      : root.first('cbc:CustomizationID');
  const value = xmlTrimmed(el);
  return value ? value : undefined;
}

/** The XRechnung rules apply when the specification identifier names XRechnung (as the KoSIT scenarios select). */
export function namesXRechnung(customization: string | undefined): boolean {
  return !!customization && /xrechnung/i.test(customization);
}

/** XRechnung version named by the identifier, e.g. "3.0" or "2.3". */
export function xrechnungVersion(customization: string | undefined): string | undefined {
  return customization?.match(/xrechnung_(\d+\.\d+)/i)?.[1];
}

export function profileOf(customization: string | undefined): Profile {
  const id = (customization ?? '').toLowerCase();
  if (id.includes('xrechnung')) {
    if (id.includes('extension')) return 'XRechnung Extension';
    if (id.includes('cvd')) return 'XRechnung CVD';
    return 'XRechnung';
  }
  if (/(factur-x\.eu|zugferd\.de):[^#]*minimum/.test(id)) return 'Factur-X/ZUGFeRD MINIMUM';
  if (/(factur-x\.eu|zugferd\.de):[^#]*basicwl/.test(id)) return 'Factur-X/ZUGFeRD BASIC WL';
  if (/(factur-x\.eu|zugferd\.de):[^#]*extended/.test(id)) return 'Factur-X/ZUGFeRD EXTENDED';
  if (/(factur-x\.eu|zugferd\.de):[^#]*basic/.test(id)) return 'Factur-X/ZUGFeRD BASIC';
  if (id.includes('peppol.eu:2017:poacc:billing')) return 'Peppol BIS Billing 3.0';
  if (id === 'urn:cen.eu:en16931:2017') return 'EN 16931';
  if (id.startsWith('urn:cen.eu:en16931:2017')) return 'EN 16931';
  return 'other';
}

/** MINIMUM and BASIC WL carry too little to be an invoice in the sense of § 14 UStG. */
export function isBookingAidOnly(profile: Profile): boolean {
  return profile === 'Factur-X/ZUGFeRD MINIMUM' || profile === 'Factur-X/ZUGFeRD BASIC WL';
}
