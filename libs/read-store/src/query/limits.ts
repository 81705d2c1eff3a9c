/** Bounds on untrusted queries, so a single request cannot make the store do unbounded work. */
export const MAX_IN_ENTRIES = 1000;
export const MAX_BRANCHES = 100;
export const MAX_NESTING_DEPTH = 4;
export const MAX_SKIP = 1_000_000_000;
/** Comparisons in one query, summed over every $or/$and branch (the store checks each row against all of them). */
export const MAX_CONDITIONS = 200;
/** Values bound into one query (each $in/$nin entry counts): far below SQLite's variable limit. */
export const MAX_BOUND_VALUES = 2000;
