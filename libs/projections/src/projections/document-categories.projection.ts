import type { CatalogEvent } from '@portal/domain';
import { collectionSpecs, DOCUMENT_CATEGORIES } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

export const documentCategoriesProjection: Projection = {
  name: 'document-categories',
  version: 1,
  collections: collectionSpecs(DOCUMENT_CATEGORIES),
  handles: ['DocumentCategoryDefined'],
  async project(recorded) {
    const event = recorded as unknown as CatalogEvent;
    return [{ op: 'put', collection: DOCUMENT_CATEGORIES, doc: { ...event.data } }];
  },
};
