import type { DocumentKind, ExtractedFields } from '@portal/contracts';
import { compact } from './values';

// UNTDID 1001 codes of credit notes (EN 16931 allows 81, 83, 381, 396, 532) and of corrected invoices.
const CREDIT_NOTES = new Set(['81', '83', '381', '396', '532']);
const CORRECTIONS = new Set(['384']);

/** What kind of document a type code and its total say: a negative total without a credit-note code corrects. */
export function documentKindOf(typeCode: string | undefined, gross: number | undefined, creditNoteRoot = false): DocumentKind {
  const code = typeCode?.trim() ?? '';
  if (creditNoteRoot || CREDIT_NOTES.has(code)) return 'credit_note';
  if (CORRECTIONS.has(code) || (gross !== undefined && gross < 0)) return 'correction';
  return 'invoice';
}

const negative = (n: number | undefined): number | undefined => (n === undefined ? undefined : n > 0 ? -n : n);

/**
 * A credit note states its amounts as positive numbers; the portal books them as negative totals, so they are
 * turned negative here (line items stay as stated).
 */
export function withDocumentKind(fields: ExtractedFields, type: DocumentKind): ExtractedFields {
  if (type !== 'credit_note') return { document_kind: type, ...fields };
  return compact<ExtractedFields>({
    document_kind: type,
    ...fields,
    net_amount: negative(fields.net_amount),
    tax_amount: negative(fields.tax_amount),
    gross_amount: negative(fields.gross_amount),
    tax_breakdown: fields.tax_breakdown?.map((b) => ({ ...b, net: negative(b.net)!, tax: negative(b.tax)! })),
  });
}
