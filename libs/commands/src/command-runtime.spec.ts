import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companyDecider, quotaBookDecider, quotaBookStreamId, type Decider, type QuotaBookEvent } from '@portal/domain';
import { sealEvents, SqliteEventStore, verifyChain, type EventStore } from '@portal/event-store';
import { CommandRuntime } from './command-runtime';

const register = { type: 'RegisterCompany' as const, company_no: 1001, company_name: 'Alpenblick GmbH', company_place: 'Innsbruck' };
const ctx = { userId: 'u1', clientNo: 1001 };

describe('command runtime', () => {
  it('appends the decided events with metadata and a verifiable hash chain', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events, () => new Date('2026-03-01T08:00:00Z'));
    await runtime.execute(companyDecider, 'company-1001', register, { ...ctx, commandId: 'c1', correlationId: 'corr' });
    await runtime.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_name: 'Alpenblick Gastro GmbH' }, { ...ctx, commandId: 'c2' });
    const stream = await events.readStream('company-1001');
    expect(stream.map((e) => e.type)).toEqual(['CompanyRegistered', 'CompanyRenamed']);
    expect(stream[0]!.metadata).toMatchObject({
      userId: 'u1',
      clientNo: 1001,
      time: '2026-03-01T08:00:00.000Z',
      commandId: 'c1',
      correlationId: 'corr',
      prevHash: null,
    });
    expect(stream[1]!.metadata.prevHash).toBe(stream[0]!.metadata.hash);
    expect(verifyChain(stream)).toEqual({ ok: true });
  });

  it('gives other requests the event loop between the decision and the append of a command whose decision held it long', async () => {
    const events = new SqliteEventStore(':memory:');
    const turns: string[] = [];
    const append = events.append.bind(events);
    events.append = (...args) => {
      turns.push('append');
      return append(...args);
    };
    const runtime = new CommandRuntime(events);
    const slow: Decider<{ n: number }, { type: 'Count' }, { type: 'Counted'; data: { n: number } }> = {
      initialState: { n: 0 },
      decide: (_c, s) => {
        const until = performance.now() + 20;
        while (performance.now() < until);
        setImmediate(() => turns.push('other request'));
        turns.push('decided');
        return [{ type: 'Counted', data: { n: s.n + 1 } }];
      },
      evolve: (_s, e) => ({ n: e.data.n }),
    };
    await runtime.execute(slow, 'count-1', { type: 'Count' }, ctx);
    expect(turns).toEqual(['decided', 'other request', 'append']);
    expect(await events.readStream('count-1')).toHaveLength(1);
  });

  it('runs a quick command to its append without giving the event loop a turn', async () => {
    const events = new SqliteEventStore(':memory:');
    const turns: string[] = [];
    const append = events.append.bind(events);
    events.append = (...args) => {
      turns.push('append');
      return append(...args);
    };
    // A slice far longer than the command: a scheduler pause on a loaded machine cannot use it up, so a turn given
    // here would be the runtime's doing, not the clock's.
    const runtime = new CommandRuntime(events, undefined, undefined, 1_000);
    const quick: Decider<{ n: number }, { type: 'Count' }, { type: 'Counted'; data: { n: number } }> = {
      initialState: { n: 0 },
      decide: (_c, s) => {
        setImmediate(() => turns.push('other request'));
        return [{ type: 'Counted', data: { n: s.n + 1 } }];
      },
      evolve: (_s, e) => ({ n: e.data.n }),
    };
    await runtime.execute(quick, 'count-1', { type: 'Count' }, ctx);
    expect(turns).toEqual(['append', 'other request']);
  });

  it('applies a retried command id once and answers the first outcome', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    await runtime.execute(companyDecider, 'company-1001', register, { ...ctx, commandId: 'c1' });
    const rename = { type: 'RenameCompany' as const, company_place: 'Hall in Tirol' };
    const first = await runtime.execute(companyDecider, 'company-1001', rename, { ...ctx, commandId: 'same' });
    const retry = await runtime.execute(companyDecider, 'company-1001', rename, { ...ctx, commandId: 'same' });
    expect(retry).toMatchObject({ duplicate: true, revision: first.revision, position: first.position });
    expect(await events.readStream('company-1001')).toHaveLength(2);
  });

  it('answers Conflict when the caller saw an older revision, and writes nothing', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    await runtime.execute(companyDecider, 'company-1001', register, ctx);
    await runtime.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Wattens' }, ctx);
    await expect(
      runtime.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Schwaz' }, { ...ctx, expectedRevision: 0 }),
    ).rejects.toMatchObject({
      name: 'Conflict',
      code: 409,
    });
    expect(await events.readStream('company-1001')).toHaveLength(2);
  });

  it('lets exactly one of many concurrent commands with the same expected revision win', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    await runtime.execute(companyDecider, 'company-1001', register, ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        runtime.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: `Ort ${i}` }, { ...ctx, expectedRevision: 0 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { code: number }).code === 409)).toHaveLength(19);
    expect(await events.readStream('company-1001')).toHaveLength(2);
  });

  it("hands the decider the caller's day in the firm's calendar, and the UTC moment without it", async () => {
    const seen: Array<string | undefined> = [];
    const dated: Decider<null, { type: 'Note' }, { type: 'Noted'; data: { day: string } }> = {
      initialState: null,
      evolve: (s) => s,
      decide: (_c, _s, context) => {
        seen.push(context.today);
        return [{ type: 'Noted', data: { day: context.now } }];
      },
    };
    const runtime = new CommandRuntime(new SqliteEventStore(':memory:'), () => new Date('2026-03-01T23:30:00Z'));
    await runtime.execute(dated, 'note-1', { type: 'Note' }, { ...ctx, commandId: 'n1', today: '2026-03-02' });
    await runtime.execute(dated, 'note-1', { type: 'Note' }, { ...ctx, commandId: 'n2' });
    expect(seen).toEqual(['2026-03-02', undefined]);
  });

  it('records nothing for a command that changes nothing', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    await runtime.execute(companyDecider, 'company-1001', register, ctx);
    const outcome = await runtime.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_name: 'Alpenblick GmbH' }, ctx);
    expect(outcome).toMatchObject({ position: null, events: [], duplicate: false });
  });

  it('keeps its cached stream states true when another process appends to the same streams', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runtime-'));
    try {
      const file = join(dir, 'events.sqlite');
      const a = new SqliteEventStore(file);
      const b = new SqliteEventStore(file);
      const first = new CommandRuntime(a);
      const second = new CommandRuntime(b);
      await first.execute(companyDecider, 'company-1001', register, ctx);
      await first.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Hall' }, ctx);
      await second.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Wattens' }, { ...ctx, commandId: 'from-b' });
      // The first runtime's cache is at revision 1; the stream is at 2.
      const outcome = await first.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Wattens' }, ctx);
      expect(outcome).toMatchObject({ revision: 2, events: [] });
      await expect(
        first.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Schwaz' }, { ...ctx, expectedRevision: 1 }),
      ).rejects.toMatchObject({ code: 409 });
      expect(
        await first.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Wattens' }, { ...ctx, commandId: 'from-b' }),
      ).toMatchObject({ duplicate: true, revision: 2 });
      await first.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Schwaz' }, ctx);
      const stream = await a.readStream('company-1001');
      expect(stream.map((e) => e.data.company_place)).toEqual([undefined, 'Hall', 'Wattens', 'Schwaz'].map((p, i) => (i === 0 ? 'Innsbruck' : p)));
      expect(verifyChain(stream)).toEqual({ ok: true });
      await a.close();
      await b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a cached state unchanged when a decider tries to change it in place: the command fails, the next one decides on the true state', async () => {
    interface Tally {
      items: string[];
    }
    type Add = { type: 'Add'; item: string; sneaky?: boolean };
    type Added = { type: 'Added'; data: { item: string } };
    const seen: string[][] = [];
    const tally: Decider<Tally, Add, Added> = {
      initialState: { items: [] },
      evolve: (state, event) => ({ items: [...state.items, event.data.item] }),
      decide: (command, state) => {
        seen.push([...state.items]);
        if (command.sneaky) state.items.push('ghost');
        return [{ type: 'Added', data: { item: command.item } }];
      },
    };
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    await runtime.execute(tally, 'tally-1', { type: 'Add', item: 'a' }, ctx);
    await expect(runtime.execute(tally, 'tally-1', { type: 'Add', item: 'b', sneaky: true }, ctx)).rejects.toThrow(TypeError);
    await runtime.execute(tally, 'tally-1', { type: 'Add', item: 'c' }, ctx);
    await runtime.execute(tally, 'tally-1', { type: 'Add', item: 'd' }, ctx);
    expect((await events.readStream('tally-1')).map((e) => e.data.item)).toEqual(['a', 'c', 'd']);
    expect(seen).toEqual([[], ['a'], ['a'], ['a', 'c']]);
  });

  it('keeps a cached state unchanged when an evolve tries to change a Map of it in place: the fold throws', async () => {
    type Counted = { type: 'Counted'; data: { key: string } };
    type Count = { type: 'Count'; key: string };
    const inPlace: Decider<Map<string, number>, Count, Counted> = {
      initialState: new Map(),
      evolve: (state, event) => state.set(event.data.key, (state.get(event.data.key) ?? 0) + 1),
      decide: (command) => [{ type: 'Counted', data: { key: command.key } }],
    };
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    await runtime.execute(inPlace, 'counts-1', { type: 'Count', key: 'a' }, ctx);
    const cached = inPlace.initialState;
    await expect(runtime.execute(inPlace, 'counts-1', { type: 'Count', key: 'a' }, ctx)).rejects.toThrow(/never changed in place/);
    expect([...cached]).toEqual([['a', 1]]);
  });

  describe('on a quota book recorded before item ids named the firm', () => {
    const book = quotaBookStreamId('huber-partner', 2024, '46');
    const row = {
      taxId: '461234567',
      returnType: 'ESt' as const,
      name: 'Maria Huber',
      businessIncome: false,
      counted: true,
      abgabedatum: '2025-10-05',
      eingangsDatum: '2025-10-05',
    };
    const { taxId, returnType, ...fon } = row;
    /** Appends events as an earlier version recorded them (`<taxYear>:<taxId>:<returnType>` item ids). */
    const recordBefore = async (events: EventStore, recorded: QuotaBookEvent[]) => {
      const stream = await events.readStream(book);
      const last = stream[stream.length - 1];
      const metadata = { userId: 'u1', clientNo: null, time: '2025-10-06T08:00:00.000Z', commandId: `before-${stream.length}`, correlationId: 'before' };
      await events.append(
        book,
        sealEvents(
          book,
          last?.metadata.hash ?? null,
          recorded.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata })),
        ),
        last ? last.revision : 'no_stream',
      );
    };
    const importRow = { type: 'ApplyFonRecords' as const, importId: 'i2', firmId: 'huber-partner', taxYear: 2024, records: [row] };

    it('reads the stream with firm-scoped ids, loaded whole or brought up to date from its cached state', async () => {
      const events = new SqliteEventStore(':memory:');
      const runtime = new CommandRuntime(events);
      await recordBefore(events, [
        { type: 'FonItemFonChanged', data: { itemId: '2024:461234567:ESt', taxId, returnType, fon, importId: 'i1', created: true } },
      ]);
      // Loaded whole: the same return imported again is the same item, not a new one.
      expect(await runtime.execute(quotaBookDecider, book, importRow, ctx)).toMatchObject({ events: [] });
      // Appended after the runtime cached the book: the relevance decision applies to the item.
      await recordBefore(events, [{ type: 'FonItemRelevanceSet', data: { itemId: '2024:461234567:ESt', notRelevant: true, remark: 'Mandat beendet' } }]);
      const relevance = { type: 'SetFonItemRelevance' as const, itemId: 'huber-partner:2024:461234567:ESt', remark: null };
      expect(await runtime.execute(quotaBookDecider, book, { ...relevance, notRelevant: true, remark: 'Mandat beendet' }, ctx)).toMatchObject({ events: [] });
      const relevant = await runtime.execute(quotaBookDecider, book, { ...relevance, notRelevant: false }, ctx);
      expect(relevant.events.map((e) => [e.type, e.data])).toEqual([
        ['FonItemRelevanceSet', { itemId: 'huber-partner:2024:461234567:ESt', notRelevant: false, remark: null }],
      ]);
      // The log keeps what was recorded.
      expect((await events.readStream(book)).map((e) => e.data.itemId)).toEqual([
        '2024:461234567:ESt',
        '2024:461234567:ESt',
        'huber-partner:2024:461234567:ESt',
      ]);
      expect(verifyChain(await events.readStream(book))).toEqual({ ok: true });
    });
  });

  it('runs many concurrent commands on many streams, each exactly once and chained', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    await Promise.all(Array.from({ length: 10 }, (_, c) => runtime.execute(companyDecider, `company-${2000 + c}`, { ...register, company_no: 2000 + c }, ctx)));
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        runtime.execute(
          companyDecider,
          `company-${2000 + (i % 10)}`,
          { type: 'RenameCompany', company_name: `Name ${i} GmbH` },
          { ...ctx, commandId: `rename-${i}` },
        ),
      ),
    );
    for (let c = 0; c < 10; c++) {
      const stream = await events.readStream(`company-${2000 + c}`);
      expect(stream).toHaveLength(21);
      expect(verifyChain(stream)).toEqual({ ok: true });
    }
  });
});
