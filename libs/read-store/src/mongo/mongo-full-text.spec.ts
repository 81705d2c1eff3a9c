import { parseSearchText } from '../search/search-terms';
import { mongoFullText, rankExpression, searchFilter } from './mongo-full-text';
import { fromMongoDoc } from './to-mongo';

const spec = { name: 'docs', indexes: [], fullText: ['title', 'text'] };

describe('MongoDB full-text pieces', () => {
  it('stores distinct tokens with their counts and the stream length', () => {
    const stored = mongoFullText({ id: 1, title: 'Telekom', text: 'Telekom Rechnungen' }, spec);
    expect(stored.t).toEqual(['telekom', 'rechnungen', 'rechnung']);
    expect(stored.f).toEqual([2, 1, 1]);
    expect(stored.n).toBe(4);
  });

  it('builds the same boolean query as SQLite: AND of terms, OR of forms, prefixes anchored, compounds by parts', () => {
    expect(searchFilter(parseSearchText('Rechnungen RE-20*'))).toEqual({
      $and: [
        { '_fts.t': { $in: ['rechnung', 'rechnungen'] } },
        {
          $or: [{ '_fts.t': { $in: [/^re20/] } }, { $and: [{ '_fts.t': { $in: ['re'] } }, { '_fts.t': { $in: [/^20/] } }] }],
        },
      ],
    });
  });

  it('ranks with one summand per term', () => {
    const expression = rankExpression(parseSearchText('Telekom Rechnung')) as { $let: { in: { $add: unknown[] } } };
    expect(expression.$let.in.$add).toHaveLength(2);
  });

  it('records come back without the token field', () => {
    expect(fromMongoDoc({ _id: 3, title: 't', _fts: { t: [], f: [], n: 0, s: '' } })).toEqual({ id: 3, title: 't' });
  });
});
