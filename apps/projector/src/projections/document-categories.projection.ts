import type { CatalogEvent } from '@portal/domain';
import type { Projection } from '../runtime/projection';

export const DOCUMENT_CATEGORIES = 'document_categories';

export const documentCategoriesProjection: Projection = {
  name: 'document-categories',
  version: 1,
  collections: [{ name: DOCUMENT_CATEGORIES, indexes: [['sort']] }],
  handles: ['DocumentCategoryDefined'],
  async project(recorded) {
    const event = recorded as unknown as CatalogEvent;
    return [{ op: 'put', collection: DOCUMENT_CATEGORIES, doc: { ...event.data } }];
  },
};
