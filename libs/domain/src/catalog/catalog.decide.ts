import type { Decider } from '../shared/decider';
import { invalid } from '../shared/domain-error';
import { DOCUMENT_CATEGORY_CODES, type CatalogEvent, type CategoryDefinition } from './catalog.events';
import { evolveCatalog, initialCatalogState, type CatalogState } from './catalog.state';

export type DefineDocumentCategories = { type: 'DefineDocumentCategories'; categories: CategoryDefinition[] };
export type CatalogCommand = DefineDocumentCategories;

const same = (a: CategoryDefinition, b: CategoryDefinition) => JSON.stringify(a) === JSON.stringify(b);

/** Records the categories that are new or differ from their definition; nothing for the same again. */
function defineCategories(command: DefineDocumentCategories, state: CatalogState): CatalogEvent[] {
  const events: CatalogEvent[] = [];
  for (const category of command.categories) {
    if (!Object.values(DOCUMENT_CATEGORY_CODES).includes(category.id as never)) throw invalid(`Unknown document category ${category.id}.`);
    const known = state.categories[category.id];
    if (!known || !same(known, category)) events.push({ type: 'DocumentCategoryDefined', data: category });
  }
  return events;
}

export function decideCatalog(command: CatalogCommand, state: CatalogState): CatalogEvent[] {
  switch (command.type) {
    case 'DefineDocumentCategories':
      return defineCategories(command, state);
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

/** The document categories (names in both languages, order): defined once, changed by defining them again. */
export const catalogDecider: Decider<CatalogState, CatalogCommand, CatalogEvent> = {
  initialState: initialCatalogState,
  evolve: evolveCatalog,
  decide: (command, state) => decideCatalog(command, state),
};
