import type { Feature, FeatureDeps } from '../feature';
import { documentCategoryService } from './document-category.service';

/** The document categories, read-only. */
export function catalogFeature(deps: FeatureDeps): Feature {
  return { name: 'catalog', services: [documentCategoryService(deps.reads)] };
}
