import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Doc, SearchHit, SearchRequest } from '../read-store.port';
import { parseSearchText } from '../search/search-terms';
import { SqliteReadStore } from './sqlite-read-store';
import { asWrittenExpression, ftsMatchExpression } from './sqlite-search';

const SPEC = { name: 'docs', indexes: [['clientId']], fullText: ['title', 'text'] };

/** Records holding the invoice number RE-2026-00123 as written, and records holding only its parts apart. */
const DOCS: Doc[] = [
  { id: 1, clientId: 'c1', title: 'Rechnung RE-2026-00123', text: 'Telekom Festnetz, Rechnung RE-2026-00123 vom März' },
  { id: 2, clientId: 'c2', title: 'Mahnung', text: 'Zu RE-2026-00123: bitte zahlen. Telekom' },
  { id: 3, clientId: 'c1', title: 'Re: Beleg', text: 'Beleg 00123 aus 2026, Telekom' },
  { id: 4, clientId: 'c2', title: 'Re: Frage', text: `${'re 2026 00123 '.repeat(6)}Telekom Telekom` },
  { id: 5, clientId: 'c1', title: 'Gutschrift', text: 'RE-2026-00124 Telekom 2026' },
  { id: 6, clientId: 'c1', title: 'Rechnung', text: 'RE/2026/00123' },
  { id: 7, clientId: 'c2', title: 'Rechnung Telekom', text: 'Telekom Telekom Mobilfunk' },
  // Records without the number, so that its parts are rare enough to weigh in bm25.
  ...Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, clientId: 'c3', title: 'Schreiben', text: `Allgemeine Information ${i}` })),
];

const tempDir = mkdtempSync(join(tmpdir(), 'sqlite-search-'));
const file = join(tempDir, 'search.sqlite');
let store: SqliteReadStore;
let db: Database.Database;

beforeAll(async () => {
  store = new SqliteReadStore(file);
  await store.ensureCollections([SPEC]);
  await store.transaction(async (tx) => {
    for (const doc of DOCS) await tx.put(SPEC.name, doc);
  });
  db = new Database(file, { readonly: true });
});

afterAll(async () => {
  db.close();
  await store.close();
  rmSync(tempDir, { recursive: true, force: true });
});

const search = (text: string, rest: Partial<Omit<SearchRequest, 'text'>> = {}) => store.search(SPEC.name, { text, where: {}, skip: 0, limit: 100, ...rest });
const ids = (hits: SearchHit[]) => hits.map((hit) => hit.doc.id);

/** FTS5's own bm25 of an expression, negated as the store reports it, by record id. */
function bm25(expression: string): Map<unknown, number> {
  const rows = db
    .prepare('SELECT d.doc AS doc, f.rank AS rank FROM docs__fts f JOIN docs d ON d.rowid = f.rowid WHERE docs__fts MATCH ?')
    .all(expression) as Array<{ doc: string; rank: number }>;
  return new Map(rows.map((row) => [(JSON.parse(row.doc) as Doc).id, -row.rank]));
}

describe('SQLite search ranking', () => {
  it('ranks the records holding a compound as written before those holding its parts only apart', async () => {
    const page = await search('RE-2026-00123');
    // 1, 2 and 6 hold it (with - or /), 3 and 4 its parts; 5 lacks 00123. By bm25 over the whole query
    // 4, which repeats the parts, would come before 2.
    expect(bm25(ftsMatchExpression(parseSearchText('RE-2026-00123'))).get(4)).toBeGreaterThan(
      bm25(ftsMatchExpression(parseSearchText('RE-2026-00123'))).get(2)!,
    );
    expect(page.total).toBe(5);
    expect(ids(page.data).slice(0, 3).sort()).toEqual([1, 2, 6]);
    expect(ids(page.data).slice(3).sort()).toEqual([3, 4]);
  });

  it('ranks within each tier by FTS5 bm25 of its query, equal ranks by id', async () => {
    const terms = parseSearchText('RE-2026-00123 Telekom');
    const asWritten = bm25(asWrittenExpression(terms));
    const whole = bm25(ftsMatchExpression(terms));
    const page = await search('RE-2026-00123 Telekom');
    const first = page.data.filter((hit) => asWritten.has(hit.doc.id));
    const rest = page.data.slice(first.length);
    expect(first.map((hit) => [hit.doc.id, hit.rank])).toEqual([...asWritten].sort(([a, x], [b, y]) => y - x || Number(a) - Number(b)));
    expect(rest.map((hit) => [hit.doc.id, hit.rank])).toEqual(
      [...whole].filter(([id]) => !asWritten.has(id)).sort(([a, x], [b, y]) => y - x || Number(a) - Number(b)),
    );
    expect(ids(page.data).sort()).toEqual([...whole.keys()].sort());
  });

  it('ranks a search without a compound by FTS5 bm25 of the whole query, as before', async () => {
    for (const text of ['Telekom', 'Rechnung Telekom', 'Telek*']) {
      const expected = [...bm25(ftsMatchExpression(parseSearchText(text)))].sort(([a, x], [b, y]) => y - x || Number(a) - Number(b));
      expect((await search(text)).data.map((hit) => [hit.doc.id, hit.rank])).toEqual(expected);
    }
  });

  it('pages through both tiers without repeating or losing a hit, with a where-clause too', async () => {
    for (const where of [{}, { clientId: 'c1' }, { title: { $ne: 'Mahnung' } }]) {
      const all = await search('RE-2026-00123', { where });
      const paged: unknown[] = [];
      for (let skip = 0; skip < all.total; skip += 2) {
        const page = await search('RE-2026-00123', { where, skip, limit: 2 });
        expect(page.total).toBe(all.total);
        paged.push(...ids(page.data));
      }
      expect(paged).toEqual(ids(all.data));
      expect(all.data).toHaveLength(all.total);
    }
  });

  it('shows the snippet of the page hits, the compound highlighted where it is written', async () => {
    const [hit] = (await search('RE-2026-00123', { where: { id: 1 } })).data;
    expect(hit!.snippet).toEqual({ field: 'title', text: 'Rechnung RE-2026-00123', highlights: [[9, 22]] });
  });
});
