export { linesOf, boxOf, wordsInBox, textOf } from './page-lines';
export {
  MAX_SAMPLES, supplierKeyOf, modelMatches, sampleAt, locateValue, readWithSample, predictFields, withDocumentSamples, withoutDocument, emptyModel, withIdentity,
} from './supplier-model';
export type { SupplierIdentity, Prediction } from './supplier-model';
export { labelValuesOf, applyPredictions, hasLabelValue, MIN_LEARNED_CONFIDENCE } from './learned-fields';
