/** Feathers common query syntax (feathers-protocol.md), as the read-store port accepts it once validated. */
export type Scalar = string | number | boolean | null;

export interface FieldOperators {
  $in?: Scalar[];
  $nin?: Scalar[];
  $lt?: Scalar;
  $lte?: Scalar;
  $gt?: Scalar;
  $gte?: Scalar;
  $ne?: Scalar;
}

export type FieldCondition = Scalar | FieldOperators;

export interface Where {
  [field: string]: FieldCondition | Where[] | undefined;
  $or?: Where[];
  $and?: Where[];
}

export interface Query {
  where: Where;
  sort: Array<[field: string, direction: 1 | -1]>;
  skip: number;
  limit: number;
  select?: string[];
  /** Top-level fields the records come without (set by services, never from the wire): e.g. a long text lists do not show. */
  omit?: string[];
}
