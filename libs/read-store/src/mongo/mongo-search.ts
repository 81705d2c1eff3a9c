import { omitFields } from '../shared/docs';
import type { Db } from 'mongodb';
import type { Paginated } from '@portal/contracts';
import type { CollectionSpec, SearchHit, SearchRequest } from '../read-store.port';
import { parseSearchText } from '../search/search-terms';
import { checkSearchPaging, emptySearch } from '../search/search-request';
import { buildSnippet } from '../search/snippet';
import type { MongoRecord } from './mongo-documents';
import { FULL_TEXT_FIELD, rankExpression, searchFilter } from './mongo-full-text';
import { fromMongoDoc, toMongoFilter } from './to-mongo';

/**
 * Hit set as in SQLite (same terms, same boolean query over the same tokens); order by our own rank
 * (see rankExpression), then `_id`. Only ids and ranks go through the sort; the page's records are
 * fetched afterwards, which keeps the sort small for large hit sets.
 */
export async function searchMongo(db: Db, spec: CollectionSpec, request: SearchRequest): Promise<Paginated<SearchHit>> {
  checkSearchPaging(request);
  const terms = parseSearchText(request.text);
  if (terms.length === 0) return emptySearch(request);
  const filter = { $and: [toMongoFilter(request.where), searchFilter(terms)] };
  const collection = db.collection<MongoRecord>(spec.name);
  const [total, ranked] = await Promise.all([
    collection.countDocuments(filter),
    request.limit === 0
      ? Promise.resolve([])
      : collection
          .aggregate<{ _id: string | number; rank: number }>([
            { $match: filter },
            { $project: { rank: rankExpression(terms) } },
            { $sort: { rank: -1, _id: 1 } },
            { $skip: request.skip },
            { $limit: request.limit },
          ])
          .toArray(),
  ]);
  if (ranked.length === 0) return { total, limit: request.limit, skip: request.skip, data: [] };
  const records = await collection.find({ _id: { $in: ranked.map((hit) => hit._id) } }, { projection: { [FULL_TEXT_FIELD]: 0 } }).toArray();
  const byKey = new Map(records.map((record) => [keyOf(record._id), fromMongoDoc(record)]));
  const data = ranked.flatMap((hit): SearchHit[] => {
    const doc = byKey.get(keyOf(hit._id));
    // A record removed between the two reads is left out.
    return doc ? [{ doc: omitFields(doc, request.omit), rank: hit.rank, snippet: buildSnippet(doc, spec, terms) }] : [];
  });
  return { total, limit: request.limit, skip: request.skip, data };
}

function keyOf(id: string | number): string {
  return JSON.stringify(id);
}
