import { parseQuery } from '@portal/read-store';

/** config and version are single records: a query may page them ($limit, $skip) but filter by nothing. */
export function refuseFilters(query: Record<string, unknown>): void {
  parseQuery(query, { fields: [], defaultLimit: 1, maxLimit: 1 });
}
