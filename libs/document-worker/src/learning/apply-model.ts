import type { ExtractionResult, LabelField, SupplierModelRecord } from '@portal/contracts';
import { applyPredictions, labelValuesOf, modelMatches, predictFields, type LearnedFields, type Prediction, type SupplierIdentity } from '@portal/domain';
import { verifyFields } from '@portal/extraction';

type Predictions = Partial<Record<LabelField, Prediction>>;
const AMOUNTS: readonly LabelField[] = ['net_amount', 'tax_amount', 'gross_amount'];

const pick = (predictions: Predictions, fields: readonly LabelField[]): Predictions =>
  Object.fromEntries(fields.filter((f) => predictions[f]).map((f) => [f, predictions[f]])) as Predictions;

/**
 * The predictions that pass the reader's own checks once filled in: every value the reader kept stays
 * as it was, and the learned value survives (net + tax = gross, tax a plausible share, due date after the
 * invoice date). Totals are tried together first, as they only check out together.
 */
function checkedPredictions(result: ExtractionResult, predictions: Predictions): Predictions {
  const lines = result.text.split('\n').filter((l) => l.trim() !== '');
  const reader = labelValuesOf(verifyFields(result.fields, lines).fields);
  let accepted: Predictions = {};
  const passes = (trial: Predictions) => {
    const applied = applyPredictions(result.fields, result.fieldOrigins, {}, trial);
    const shown = labelValuesOf(verifyFields(applied.fields, lines).fields);
    const kept = Object.entries(reader).every(([field, value]) => shown[field as LabelField] === value);
    return kept && applied.learned.every((field) => shown[field] !== undefined);
  };
  const groups: LabelField[][] = [[...AMOUNTS], ...(Object.keys(predictions) as LabelField[]).map((f) => [f])];
  for (const group of groups) {
    const trial = { ...accepted, ...pick(predictions, group) };
    if (Object.keys(trial).length > Object.keys(accepted).length && passes(trial)) accepted = trial;
  }
  return accepted;
}

/** The extraction with a model's predictions in the fields the reader left empty, checked; null when none was taken. */
export function withLearnedFields(
  result: ExtractionResult,
  model: Pick<SupplierModelRecord, 'fields'>,
): { result: ExtractionResult; learned: LabelField[] } | null {
  const predictions = checkedPredictions(result, predictFields(model, result.pageWords ?? []));
  const applied = applyPredictions(result.fields, result.fieldOrigins, result.fieldConfidence ?? {}, predictions);
  if (applied.learned.length === 0) return null;
  const lines = result.text.split('\n').filter((l) => l.trim() !== '');
  const fields = verifyFields(applied.fields, lines).fields;
  return {
    result: {
      ...result,
      fields,
      fieldOrigins: applied.origins,
      fieldConfidence: applied.confidence,
      review: (result.review ?? []).filter((f) => applied.origins[f] !== 10),
    },
    learned: applied.learned,
  };
}

/**
 * The extraction with the fields the supplier's model reads (origin Machine_Learning 10), when the
 * document's supplier has a model; null otherwise. Only fields the reader left empty are filled; a
 * structured e-invoice's values and the reader's checked values stay as they are.
 */
export function learnedFieldsOf(result: ExtractionResult, models: readonly SupplierModelRecord[]): { result: ExtractionResult; info: LearnedFields } | null {
  const pages = result.pageWords ?? [];
  const identity: SupplierIdentity = {
    vatId: result.fields.biller?.vat_id ?? null,
    iban: result.fields.iban ?? null,
    name: result.fields.biller?.name ?? null,
  };
  let model = models.find((m) => modelMatches(m, identity));
  // The reader may have missed the identity on a scan: the model whose own examples read best decides.
  model ??= models.find((m) => {
    const own = predictFields({ fields: { biller_vat_id: m.fields.biller_vat_id, iban: m.fields.iban } }, pages);
    return (own.biller_vat_id && m.vat_ids.includes(String(own.biller_vat_id.value))) || (own.iban && m.ibans.includes(String(own.iban.value)));
  });
  if (!model) return null;
  const learned = withLearnedFields(result, model);
  if (!learned) return null;
  return {
    result: learned.result,
    info: { supplierKey: model.key, supplierName: model.supplier_name, fields: learned.learned, examples: model.documents.length },
  };
}
