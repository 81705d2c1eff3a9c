import type { Paginated } from '@portal/contracts';
import type { SearchHit, SearchRequest } from '../read-store.port';

/** Paging must be non-negative integers, as in `find`. */
export function checkSearchPaging(request: SearchRequest): void {
  const valid = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!valid(request.skip) || !valid(request.limit)) throw new RangeError('skip and limit must be non-negative integers');
  if (typeof request.text !== 'string') throw new TypeError('The search text must be a string');
}

/** A search without a single word finds nothing. */
export function emptySearch(request: SearchRequest): Paginated<SearchHit> {
  return { total: 0, limit: request.limit, skip: request.skip, data: [] };
}
