import type { CatalogEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import { collectionSpecs, DOCUMENT_CATEGORIES, put } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

export const documentCategoriesProjection: Projection = {
  name: 'document-categories',
  version: 1,
  collections: collectionSpecs(DOCUMENT_CATEGORIES),
  handles: ['DocumentCategoryDefined'],
  async project(recorded) {
    const event = domainEventOf<CatalogEvent>(recorded);
    return [put(DOCUMENT_CATEGORIES, { ...event.data })];
  },
};
