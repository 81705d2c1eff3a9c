import type { ExtractedFieldName, ExtractedFields, ExtractionResult, OriginCode } from '@portal/contracts';

/** The same origin for every field present. */
export function originsFor(fields: ExtractedFields, origin: OriginCode): ExtractionResult['fieldOrigins'] {
  const origins: ExtractionResult['fieldOrigins'] = {};
  for (const key of Object.keys(fields) as ExtractedFieldName[]) origins[key] = origin;
  return origins;
}

/** `preferred` wins field by field; `fallback` fills the gaps, each keeping its own origins. */
export function mergeFields(
  preferred: { fields: ExtractedFields; origins: ExtractionResult['fieldOrigins'] },
  fallback: { fields: ExtractedFields; origins: ExtractionResult['fieldOrigins'] },
): { fields: ExtractedFields; origins: ExtractionResult['fieldOrigins'] } {
  return {
    fields: { ...fallback.fields, ...preferred.fields },
    origins: { ...fallback.origins, ...preferred.origins },
  };
}
