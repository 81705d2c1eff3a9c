import { SERVICES } from '@portal/contracts';
import { DOCUMENT_CATEGORIES } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';

/** document-category: the category codes of spec §3, read-only. */
export function documentCategoryService(store: ReadStore): ServiceDefinition {
  const base = readModelService(store, {
    collection: DOCUMENT_CATEGORIES,
    fields: ['code', 'sort'],
    defaultLimit: 50,
    maxLimit: 50,
    clientField: null,
    read: null,
  });
  return { path: SERVICES.documentCategory, mirror: base.mirror, methods: { find: base.find, get: base.get } };
}
