import type { CollectionSpec, Doc, ReadStore, SearchHit, SearchRequest } from '../src/read-store.port';

/**
 * Full-text search behaviour every adapter must show. Hit sets and totals are exact; the order is
 * pinned only where the ranking must agree (a doc with more matches first, equal ranks by id), since
 * SQLite ranks by bm25 and MongoDB by a bm25-like score without idf.
 */

export const SEARCH = 'search-docs';
export const SEARCH_SPEC: CollectionSpec = { name: SEARCH, indexes: [['clientId'], ['category']], fullText: ['title', 'text'] };

const FILLER = 'Bitte beachten Sie die Hinweise auf der Rückseite dieses Schreibens und bewahren Sie es gut auf';

export const SEARCH_DATASET: Doc[] = [
  { id: 1, clientId: 'c1', category: 'invoice', title: 'Rechnung Telekom', text: 'Telekom Deutschland GmbH, Mobilfunk März, Umsatzsteuer 20% auf 40,00 EUR' },
  { id: 2, clientId: 'c1', category: 'invoice', title: 'Amazon order', text: 'Your invoices for March: 3 items, amount due 59.90 EUR' },
  { id: 3, clientId: 'c2', category: 'receipt', title: 'Quittung Bäckerei', text: 'Bäckerei Müller, Brötchen und Kuchen, Umsatzsteuer 7%' },
  { id: 4, clientId: 'c2', category: 'invoice', title: 'Rechnungen Festnetz', text: 'Telekom Festnetz RE-2026-00123, Gebühren für Januar' },
  { id: 5, clientId: 'c1', category: 'letter', title: 'Schreiben vom Finanzamt', text: 'Steuerbescheid Steuerbescheid Steuerbescheid für 2024, Herr Mueller' },
  { id: 6, clientId: 'c1', category: 'letter', title: 'Schreiben vom Finanzamt', text: 'Steuerbescheid für 2024, Herr Schmidt, Einspruch Frist Monat' },
  { id: 7, clientId: 'c3', category: 'invoice', title: 'Invoice Vodafone', text: 'Vodafone GmbH invoice, VAT ATU12345678, total 25.00' },
  { id: 'a1', clientId: 'c3', category: 'contract', title: 'Vertrag Grundsteuer', text: `Grundsteuer Hebesatz. ${FILLER}` },
  { id: 8, clientId: 'c3', category: 'contract', title: 'Vertrag Grundsteuer', text: `Grundsteuer Hebesatz. ${FILLER}` },
  {
    id: 9,
    clientId: 'c2',
    category: 'letter',
    title: 'Brief',
    text: `Lange Mitteilung. ${FILLER}. ${FILLER}. Die Rechnungen der Telekom für das Jahr liegen bei. ${FILLER}`,
  },
];

function request(text: string, rest: Partial<Omit<SearchRequest, 'text'>> = {}): SearchRequest {
  return { text, where: {}, skip: 0, limit: 100, ...rest };
}

function hitIds(hits: SearchHit[]): Array<string | number> {
  return hits.map((hit) => hit.doc.id);
}

function sortedIds(hits: SearchHit[]): string[] {
  return hitIds(hits)
    .map((id) => JSON.stringify(id))
    .sort();
}

function asSorted(ids: Array<string | number>): string[] {
  return ids.map((id) => JSON.stringify(id)).sort();
}

/** Runs inside readStoreContract; `store()` is the store of the running test, with SEARCH_SPEC ensured. */
export function searchContract(store: () => ReadStore): void {
  describe('full-text search', () => {
    beforeEach(async () => {
      await store().transaction(async (tx) => {
        for (const doc of SEARCH_DATASET) await tx.put(SEARCH, doc);
      });
    });

    const search = (text: string, rest: Partial<Omit<SearchRequest, 'text'>> = {}) => store().search(SEARCH, request(text, rest));

    it.each([
      ['a German plural finds singular and plural', 'Rechnungen', [1, 4, 9]],
      ['a German singular finds the plural too', 'rechnung', [1, 4, 9]],
      ['an English plural finds singular and plural', 'invoices', [2, 7]],
      ['Mueller finds Müller and Mueller', 'Mueller', [3, 5]],
      ['Müller finds Müller and Mueller', 'Müller', [3, 5]],
      ['an umlaut plural finds the folded stem', 'Gebühr', [4]],
      ['all words must match', 'Rechnungen Telekom', [1, 4, 9]],
      ['all words must match, one missing', 'Rechnung Vodafone', []],
      ['a number with a percent sign', 'Umsatzsteuer 20%', [1]],
      ['a VAT id', 'atu12345678', [7]],
      ['an invoice number as typed', 'RE-2026-00123', [4]],
      ['a prefix', 'Steuerbesch*', [5, 6]],
      ['a prefix over the unstemmed word', 'Rechnunge*', [4, 9]],
    ])('%s', async (_name, text, expected) => {
      const page = await search(text);
      expect(sortedIds(page.data)).toEqual(asSorted(expected));
      expect(page.total).toBe(expected.length);
    });

    it('an empty search finds nothing', async () => {
      expect(await search('  ', { limit: 10 })).toEqual({ total: 0, limit: 10, skip: 0, data: [] });
    });

    it('hits carry the stored record unchanged', async () => {
      const page = await search('Vodafone');
      expect(page.data.map((hit) => hit.doc)).toEqual([SEARCH_DATASET.find((doc) => doc.id === 7)]);
      expect(page.data[0]!.rank).toBeGreaterThan(0);
    });

    it('omit leaves fields out of the hits, after the snippet was cut from them', async () => {
      const whole = await search('Vodafone');
      const without = await search('Vodafone', { omit: ['text'] });
      const { text: _text, ...rest } = whole.data[0]!.doc;
      expect(without.data.map((hit) => hit.doc)).toEqual([rest]);
      expect(without.data[0]!.snippet).toEqual(whole.data[0]!.snippet);
    });

    it('a where-clause narrows the hits and the total', async () => {
      const page = await search('Telekom', { where: { clientId: { $in: ['c1', 'c2'] }, category: 'invoice' } });
      expect(sortedIds(page.data)).toEqual(asSorted([1, 4]));
      expect(page.total).toBe(2);
      expect((await search('Telekom', { where: { clientId: 'c3' } })).total).toBe(0);
      // A field without an index (SQLite evaluates it on the joined records instead of an index scan).
      expect(sortedIds((await search('Telekom', { where: { title: { $ne: 'Rechnung Telekom' } } })).data)).toEqual(asSorted([4, 9]));
    });

    it('a doc with more matches ranks first', async () => {
      const page = await search('Steuerbescheid');
      expect(hitIds(page.data)).toEqual([5, 6]);
      expect(page.data[0]!.rank).toBeGreaterThan(page.data[1]!.rank);
    });

    it('equal ranks are ordered by id, numbers before strings', async () => {
      const page = await search('Hebesatz');
      expect(hitIds(page.data)).toEqual([8, 'a1']);
      expect(page.data[0]!.rank).toBe(page.data[1]!.rank);
    });

    it('pages split the ranked hits without repeating or losing one, with the total of all', async () => {
      const all = hitIds((await search('Telekom')).data);
      expect(all).toHaveLength(3);
      const pages = [await search('Telekom', { skip: 0, limit: 2 }), await search('Telekom', { skip: 2, limit: 2 })];
      expect(pages.map((page) => page.total)).toEqual([3, 3]);
      expect(pages.flatMap((page) => hitIds(page.data))).toEqual(all);
      expect(await search('Telekom', { limit: 0 })).toEqual({ total: 3, limit: 0, skip: 0, data: [] });
      expect(await search('Telekom', { skip: 5 })).toEqual({ total: 3, limit: 100, skip: 5, data: [] });
    });

    it('removed, replaced and cleared records disappear from the results', async () => {
      await store().transaction(async (tx) => {
        await tx.remove(SEARCH, 1);
        await tx.put(SEARCH, { id: 4, clientId: 'c2', category: 'invoice', title: 'Festnetz', text: 'Gutschrift' });
      });
      expect(sortedIds((await search('Telekom')).data)).toEqual(asSorted([9]));
      expect(sortedIds((await search('Gutschrift')).data)).toEqual(asSorted([4]));
      await store().transaction((tx) => tx.clear(SEARCH));
      expect((await search('Gutschrift')).total).toBe(0);
    });

    it('a rolled back write leaves the index as it was', async () => {
      await expect(
        store().transaction(async (tx) => {
          await tx.put(SEARCH, { id: 20, title: 'Kontoauszug', text: '' });
          await tx.remove(SEARCH, 7);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect((await search('Kontoauszug')).total).toBe(0);
      expect((await search('Vodafone')).total).toBe(1);
    });

    it('the snippet is the first full-text field with a match, with every matched word highlighted', async () => {
      const [hit] = (await search('Rechnungen', { where: { id: 1 } })).data;
      expect(hit!.snippet).toEqual({ field: 'title', text: 'Rechnung Telekom', highlights: [[0, 8]] });
      const [text] = (await search('telekom gebühren', { where: { id: 4 } })).data;
      expect(text!.snippet).toEqual({
        field: 'text',
        text: 'Telekom Festnetz RE-2026-00123, Gebühren für Januar',
        highlights: [
          [0, 7],
          [32, 40],
        ],
      });
    });

    it('a long field gives a window of about 160 characters around the first match', async () => {
      const [hit] = (await search('Rechnungen Telekom', { where: { id: 9 } })).data;
      const snippet = hit!.snippet!;
      expect(snippet.field).toBe('text');
      expect(snippet.text.length).toBeLessThanOrEqual(170);
      expect(snippet.text).toContain('Die Rechnungen der Telekom');
      expect(snippet.highlights.map(([start, end]) => snippet.text.slice(start, end))).toEqual(['Rechnungen', 'Telekom']);
    });

    it('an invoice number is highlighted as a whole', async () => {
      const [hit] = (await search('RE-2026-00123')).data;
      const snippet = hit!.snippet!;
      expect(snippet.highlights.map(([start, end]) => snippet.text.slice(start, end))).toEqual(['RE-2026-00123']);
    });

    it('a collection without full-text fields cannot be searched', async () => {
      await expect(store().search('other-items', request('x'))).rejects.toThrow(/full-text/);
    });
  });
}
