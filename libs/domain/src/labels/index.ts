export { linesOf, boxOf, wordsInBox, textOf } from './page-lines.rules';
export {
  MAX_SAMPLES,
  supplierKeyOf,
  modelMatches,
  sampleAt,
  locateValue,
  readWithSample,
  predictFields,
  withDocumentSamples,
  withoutDocument,
  emptyModel,
  withIdentity,
} from './supplier-model.rules';
export type { SupplierIdentity, Prediction } from './supplier-model.rules';
export { labelValuesOf, applyPredictions, hasLabelValue, MIN_LEARNED_CONFIDENCE } from './learned-fields.rules';
