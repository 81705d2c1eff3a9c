import type { Collection, Doc, Keyed } from '@portal/read-store';

/** The handle of a read-model collection: its stored name, typed with its records (reads return `Row`s). */
export function collection<Row extends Keyed>(name: string): Collection<Row> {
  return name as Collection<Row>;
}

/** A change a projection asks for; the projector applies a batch's changes in one transaction. */
export type ChangeIntent = { op: 'put'; collection: string; doc: Doc } | { op: 'remove'; collection: string; id: string | number };

/** The one way a projection writes a record: `row` (a copy of it) becomes the record of its id. */
export function put<Row extends Keyed>(collection: Collection<Row>, row: Row): ChangeIntent {
  return { op: 'put', collection, doc: { ...row } as Doc };
}

/**
 * `put` without its copy, for a row the projection has just built (a literal or a spread) and does not touch or
 * hand anywhere else after: the intent takes it over. A rebuild freezes it in place, so a later change of it
 * would throw. Saves one copy of every field per write in the hot projections.
 */
export function putBuilt<Row extends Keyed>(collection: Collection<Row>, row: Row): ChangeIntent {
  return { op: 'put', collection, doc: row as Doc };
}

/** The record of `id` is removed from `collection`. */
export function remove(collection: Collection<Keyed>, id: string | number): ChangeIntent {
  return { op: 'remove', collection, id };
}
