import type { ExtractionResult, SupplierModelRecord } from '@portal/contracts';
import { applyPredictions, modelMatches, predictFields, type LearnedFields, type SupplierIdentity } from '@portal/domain';

/**
 * The extraction with the fields the supplier's model reads (origin Machine_Learning 10), when the
 * document's supplier has a model; null otherwise. A structured e-invoice's values stay as they are.
 */
export function learnedFieldsOf(result: ExtractionResult, models: readonly SupplierModelRecord[]): { result: ExtractionResult; info: LearnedFields } | null {
  const pages = result.pageWords ?? [];
  const identity: SupplierIdentity = { vatId: result.fields.biller?.vat_id ?? null, iban: result.fields.iban ?? null, name: result.fields.biller?.name ?? null };
  let model = models.find((m) => modelMatches(m, identity));
  // The reader may have missed the identity on a scan: the model whose own examples read best decides.
  model ??= models.find((m) => {
    const own = predictFields({ fields: { biller_vat_id: m.fields.biller_vat_id, iban: m.fields.iban } }, pages);
    return (own.biller_vat_id && m.vat_ids.includes(String(own.biller_vat_id.value))) || (own.iban && m.ibans.includes(String(own.iban.value)));
  });
  if (!model) return null;
  const predictions = predictFields(model, pages);
  const applied = applyPredictions(result.fields, result.fieldOrigins, result.fieldConfidence ?? {}, predictions);
  if (applied.learned.length === 0) return null;
  return {
    result: { ...result, fields: applied.fields, fieldOrigins: applied.origins, fieldConfidence: applied.confidence, review: (result.review ?? []).filter((f) => applied.origins[f] !== 10) },
    info: { supplierKey: model.key, supplierName: model.supplier_name, fields: applied.learned, examples: model.documents.length },
  };
}
