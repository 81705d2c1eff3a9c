/**
 * The verdict of the EN 16931 / XRechnung rules on one e-invoice, as the portal shows and stores it
 * (`POST /api/einvoices/validate`, the `einvoice-validation` service, and the document's `einvoice_validation`).
 */
export type EInvoiceSeverity = 'fatal' | 'warning' | 'information';

export interface EInvoiceFinding {
  /** Official rule id (BR-CO-15, BR-DE-15, …) or SCHEMA-* for the structure check. */
  rule: string;
  severity: EInvoiceSeverity;
  /** XPath of the element the finding concerns. */
  location: string;
  message: { en: string; de: string };
}

export interface EInvoiceVerdict {
  /** No fatal finding. */
  valid: boolean;
  syntax: string;
  /** The specification identifier (BT-24) as given. */
  customization: string | null;
  profile: string;
  rulesVersion: string;
  findings: EInvoiceFinding[];
}

/** valid: no finding at all; warnings: warnings or information but nothing fatal; invalid: a fatal finding. */
export type EInvoiceValidity = 'valid' | 'warnings' | 'invalid';
export const EINVOICE_VALIDITIES = ['valid', 'warnings', 'invalid'] as const satisfies readonly EInvoiceValidity[];

export type EInvoiceFindingCounts = Record<EInvoiceSeverity, number>;

/** What a document keeps of the verdict on its e-invoice. */
export interface DocumentEInvoiceValidation extends EInvoiceVerdict {
  validity: EInvoiceValidity;
  counts: EInvoiceFindingCounts;
  validated_at: string;
}

export function countFindings(findings: readonly Pick<EInvoiceFinding, 'severity'>[]): EInvoiceFindingCounts {
  const counts: EInvoiceFindingCounts = { fatal: 0, warning: 0, information: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}

export function validityOf(findings: readonly Pick<EInvoiceFinding, 'severity'>[]): EInvoiceValidity {
  const counts = countFindings(findings);
  if (counts.fatal > 0) return 'invalid';
  return counts.warning + counts.information > 0 ? 'warnings' : 'valid';
}

/** The `einvoice-validation` service's create data: the file as base64 (XML or a PDF with an embedded invoice). */
export interface EInvoiceValidationRequest {
  file: string;
  fileName?: string;
}
