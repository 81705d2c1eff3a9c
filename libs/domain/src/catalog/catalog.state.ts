import type { CatalogEvent, CategoryDefinition } from './catalog.events';

export type CatalogState = { categories: Record<number, CategoryDefinition> };

export const initialCatalogState: CatalogState = { categories: {} };

export const evolveCatalog = (state: CatalogState, event: CatalogEvent): CatalogState => ({ categories: { ...state.categories, [event.data.id]: event.data } });
