/** Bounds on untrusted queries, so a single request cannot make the store do unbounded work. */
export const MAX_IN_ENTRIES = 1000;
export const MAX_BRANCHES = 100;
export const MAX_NESTING_DEPTH = 4;
export const MAX_SKIP = 1_000_000_000;
