import type { Paginated } from '@portal/contracts';
import { ADDRESSES, ADDRESS_SEARCH, type StoredAddress } from '@portal/read-models';
import type { ReadStore, SearchRequest } from '@portal/read-store';

/**
 * Full-text search over the active addresses (projection: address_search), best hits first, answered
 * with the address records. `where` may filter by rpa, country and vat_result.
 */
export async function searchActiveAddresses(
  store: ReadStore,
  text: string,
  where: SearchRequest['where'],
  skip: number,
  limit: number,
): Promise<Paginated<StoredAddress>> {
  const page = await store.search(ADDRESS_SEARCH, { text, where, skip, limit });
  const ids = page.data.map((hit) => hit.doc.id as number);
  const records = ids.length ? (await store.find(ADDRESSES, { where: { id: { $in: ids } }, sort: [], skip: 0, limit: ids.length })).data : [];
  const byId = new Map(records.map((doc) => [doc.id, doc]));
  return { ...page, data: ids.flatMap((id) => byId.get(id) ?? []) };
}
