import type { AuditEntry, DocumentAsOf, DocumentDiff, DocumentHistory, PortalError } from '@portal/contracts';
import { documentStreamId } from '@portal/domain';
import type { EventStore, RecordedEvent } from '@portal/event-store';
import { DOCUMENTS, USERS } from '@portal/read-models';
import type { SqliteReadStore } from '@portal/read-store';
import { appendDocumentEvents, uploaded } from '@portal/tools';
import type { CallArgs, ServiceDefinition } from '../../gateway/service-definition';
import { documentHistoryService } from './document-history.service';
import { documentAsOf, documentTimeline } from './document-audit';
import { replayDocument } from './document-replay';
import { CLERK, memoryStores, putRecords, REVIEWER, twelveEvents, user } from '../../../test/document-history';

const DOC = 42;
const CLIENT = 1001;
const accountant = user('u-accountant', ['acc', 'app', 'doc'], [CLIENT]);
const otherClient = user('u-other', ['doc', 'acc'], [1002]);

let events: EventStore;
let reads: SqliteReadStore;
let service: ServiceDefinition;
let stream: RecordedEvent[];

const call = (method: 'find' | 'get', who: typeof accountant, args: Partial<CallArgs>) =>
  service.methods[method]!.run({ user: who, accessToken: 't' }, { id: null, data: null, query: {}, ...args });
const failure = async (promise: Promise<unknown>) =>
  (await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  )) as PortalError;

beforeEach(async () => {
  ({ events, reads } = await memoryStores());
  await appendDocumentEvents(events, DOC, CLIENT, twelveEvents(DOC, CLIENT));
  stream = await events.readStream(documentStreamId(DOC));
  const snapshots = await replayDocument(DOC, stream);
  await putRecords(reads, DOCUMENTS, [snapshots[snapshots.length - 1]!.record!]);
  await putRecords(reads, USERS, [
    { id: CLERK, keycloakId: CLERK, username: 'clerk', firstName: 'Lukas', lastName: 'Wimmer' },
    { id: REVIEWER, keycloakId: REVIEWER, username: 'accountant', firstName: 'Anna', lastName: 'Berger' },
  ]);
  service = documentHistoryService(events, reads);
});
afterEach(async () => {
  await events.close();
  await reads.close();
});

describe('audit timeline of a document with twelve events', () => {
  const timeline = () => call('find', accountant, { query: { documentId: DOC } }) as Promise<DocumentHistory>;
  const entry = async (revision: number) => (await timeline()).entries.find((e) => e.revision === revision) as AuditEntry;

  it('lists every event of the stream in order with its kind, time, client, command and correlation ids', async () => {
    const history = await timeline();
    expect(history.revision).toBe(11);
    expect(history.entries.map((e) => e.kind)).toEqual([
      'uploaded',
      'text-extracted',
      'fields-extracted',
      'renamed',
      'classified',
      'classified',
      'fields-extracted',
      'confirmed',
      'booked',
      'flagged',
      'moved-to-trash',
      'restored',
    ]);
    expect(history.entries.map((e) => e.revision)).toEqual([...Array(12).keys()]);
    for (const [i, e] of history.entries.entries()) {
      expect(e).toMatchObject({
        time: stream[i]!.metadata.time,
        clientNo: CLIENT,
        commandId: stream[i]!.metadata.commandId,
        correlationId: stream[i]!.metadata.correlationId,
        position: stream[i]!.position,
        type: stream[i]!.type,
      });
    }
  });

  it('names the user by id, username and full name, and keeps unknown ids such as system without a name', async () => {
    expect((await entry(3)).user).toEqual({ id: CLERK, username: 'clerk', name: 'Lukas Wimmer' });
    expect((await entry(7)).user).toEqual({ id: REVIEWER, username: 'accountant', name: 'Anna Berger' });
    expect((await entry(1)).user).toEqual({ id: 'system', username: null, name: null });
  });

  it('carries the origin code of extraction, confirmation and booking events and null elsewhere', async () => {
    const origins = (await timeline()).entries.map((e) => e.originCode);
    expect(origins).toEqual([null, 7, 7, null, null, null, 9, 12, 13, null, null, null]);
  });

  it('shows a rename as the title changing from the old to the new value and nothing else', async () => {
    expect((await entry(3)).changes).toEqual([{ field: 'title', old: 'Scan 0815', new: 'Rechnung Gletscherblick' }]);
  });

  it('shows a re-extracted amount as the extracted field changing with its origin', async () => {
    expect((await entry(6)).changes).toEqual(
      expect.arrayContaining([
        { field: 'fields.gross_amount', old: 1200, new: 1250 },
        { field: 'field_origins.gross_amount', old: 7, new: 9 },
        { field: 'origin', old: 7, new: 9 },
      ]),
    );
  });

  it('shows confirming as the category moving to ER and the Confirmed flag being set', async () => {
    const changes = (await entry(7)).changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'category', old: 'ER_U', new: 'ER' },
        { field: 'confirmed', old: false, new: true },
        { field: 'flags', old: 0, new: 1 },
      ]),
    );
    expect(changes.map((c) => c.field)).not.toContain('title');
  });

  it('shows the upload as every field appearing and leaves the extracted text out of every diff', async () => {
    const upload = await entry(0);
    expect(upload.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', old: undefined, new: 'Scan 0815' },
        { field: 'client_no', old: undefined, new: CLIENT },
      ]),
    );
    const fields = (await timeline()).entries.flatMap((e) => e.changes.map((c) => c.field));
    expect(fields).not.toContain('text');
    expect(fields).not.toContain('revision');
    expect((await entry(1)).changes).toEqual(expect.arrayContaining([{ field: 'text_sha256', old: null, new: 'b'.repeat(64) }]));
  });

  it('filters the entries by kind while the chain is still verified over the whole stream', async () => {
    const history = (await call('find', accountant, { query: { documentId: DOC, kinds: ['renamed', 'booked'] } })) as DocumentHistory;
    expect(history.entries.map((e) => [e.revision, e.kind])).toEqual([
      [3, 'renamed'],
      [8, 'booked'],
    ]);
    expect(history.chain).toEqual({ intact: true });
  });

  it('reports the hash chain as intact, and as broken at the revision whose stored content was changed', async () => {
    expect((await timeline()).chain).toEqual({ intact: true });
    const tampered = stream.map((e) => (e.revision === 6 ? { ...e, data: { ...e.data, fields: { gross_amount: 12.5 } } } : e));
    const history = await documentTimeline(DOC, tampered, async (id) => ({ id, username: null, name: null }));
    expect(history.chain).toEqual({ intact: false, revision: 6, reason: 'hash does not match the event content' });
  });
});

describe('the document as of an event and the diff between two points', () => {
  const asOf = (revision?: number) => call('get', accountant, { id: DOC, query: revision === undefined ? {} : { asOf: revision } }) as Promise<DocumentAsOf>;

  it('renders the document as of its first event: the upload, unconfirmed, without extracted fields', async () => {
    const first = await asOf(0);
    expect(first).toMatchObject({ documentId: DOC, revision: 0, time: stream[0]!.metadata.time, chain: { intact: true } });
    expect(first.document).toMatchObject({
      id: DOC,
      title: 'Scan 0815',
      category: 'ER_U',
      confirmed: false,
      booked: false,
      flags: 0,
      gross_amount: null,
      fields: {},
      extraction: 'pending',
    });
    expect(first.document).not.toHaveProperty('text');
  });

  it('renders fields and flags as they stood after confirming, booking, trashing and restoring', async () => {
    expect((await asOf(2)).document).toMatchObject({ gross_amount: 1200, invoice_number: 'RE-2026-0815', biller_name: 'Gletscherblick Bergbahnen GmbH' });
    expect((await asOf(7)).document).toMatchObject({
      category: 'ER',
      confirmed: true,
      booked: false,
      flags: 1,
      fields: expect.objectContaining({ gross_amount: 1250 }),
    });
    expect((await asOf(8)).document).toMatchObject({ booked: true, locked: true, flags: 3 });
    expect((await asOf(10)).document).toMatchObject({ deleted: true, purge_after: '2026-04-11T09:10:00.000Z', invalid: true });
    expect((await asOf(11)).document).toMatchObject({ deleted: false, purge_after: null, flags: 3 | 128 });
  });

  it('answers the current state when no asOf is given, equal to the read model record', async () => {
    const latest = await asOf();
    expect(latest.revision).toBe(11);
    const { text: _text, ...record } = (await reads.get(DOCUMENTS, DOC))!;
    expect(latest.document).toEqual(record);
  });

  it('gives the field changes between any two revisions, in either direction', async () => {
    const diff = (await call('find', accountant, { query: { documentId: DOC, from: 2, to: 8 } })) as DocumentDiff;
    expect(diff).toMatchObject({ documentId: DOC, from: 2, to: 8 });
    expect(diff.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', old: 'Scan 0815', new: 'Rechnung Gletscherblick' },
        { field: 'category', old: 'ER_U', new: 'ER' },
        { field: 'fields.gross_amount', old: 1200, new: 1250 },
        { field: 'flags', old: 0, new: 3 },
      ]),
    );
    const back = (await call('find', accountant, { query: { documentId: DOC, from: 8, to: 2 } })) as DocumentDiff;
    expect(back.changes).toContainEqual({ field: 'flags', old: 3, new: 0 });
    const none = (await call('find', accountant, { query: { documentId: DOC, from: 4, to: 4 } })) as DocumentDiff;
    expect(none.changes).toEqual([]);
  });

  it('refuses revisions beyond the stream, half a range, unknown query keys and unsafe ids with BadRequest', async () => {
    expect(await failure(call('find', accountant, { query: { documentId: 2 ** 60 } }))).toMatchObject({ name: 'BadRequest' });
    expect(await failure(asOf(12))).toMatchObject({ name: 'BadRequest', message: 'asOf must be a revision from 0 to 11.' });
    expect(await failure(call('find', accountant, { query: { documentId: DOC, from: 1 } }))).toMatchObject({ name: 'BadRequest' });
    expect(await failure(call('find', accountant, { query: { documentId: DOC, limit: 5 } }))).toMatchObject({ name: 'BadRequest' });
    expect(await failure(call('find', accountant, { query: {} }))).toMatchObject({ name: 'BadRequest' });
  });
});

describe('who may read a document history', () => {
  it('is declared for the readers of documents on both methods', () => {
    expect(service.methods.find!.anyOf).toEqual(['doc', 'lar', 'app', 'acc', 'exp']);
    expect(service.methods.get!.anyOf).toEqual(['doc', 'lar', 'app', 'acc', 'exp']);
  });

  it("hides another client's document and a missing one behind the same NotFound", async () => {
    for (const attempt of [
      call('find', otherClient, { query: { documentId: DOC } }),
      call('get', otherClient, { id: DOC }),
      call('get', accountant, { id: 999 }),
    ]) {
      expect(await failure(attempt)).toMatchObject({ name: 'NotFound', message: 'document does not exist or access denied' });
    }
  });

  it('hides outgoing invoices from readers without lar or accounting permissions', async () => {
    await appendDocumentEvents(events, 43, CLIENT, [
      { event: uploaded(43, CLIENT, 'Ausgangsrechnung', 'AR_U'), userId: CLERK, time: '2026-03-12T10:00:00.000Z' },
    ]);
    const reader = user('u-reader', ['doc'], [CLIENT]);
    expect(await failure(call('find', reader, { query: { documentId: 43 } }))).toMatchObject({ name: 'NotFound' });
    expect(((await call('find', accountant, { query: { documentId: 43 } })) as DocumentHistory).entries).toHaveLength(1);
  });

  it("keeps the history of a purged document readable by its client's readers from the stream alone", async () => {
    await appendDocumentEvents(events, 44, CLIENT, [
      { event: uploaded(44, CLIENT, 'Alt'), userId: CLERK, time: '2026-03-12T10:00:00.000Z' },
      {
        event: { type: 'DocumentPurged', data: { sha256: 'a'.repeat(64), textSha256: null, reason: 'trash retention' } },
        userId: 'system',
        time: '2026-04-12T10:00:00.000Z',
      },
    ]);
    const history = (await call('find', accountant, { query: { documentId: 44 } })) as DocumentHistory;
    expect(history.entries.map((e) => e.kind)).toEqual(['uploaded', 'purged']);
    expect(history.entries[1]!.changes).toContainEqual({ field: 'title', old: 'Alt', new: undefined });
    expect(((await call('get', accountant, { id: 44 })) as DocumentAsOf).document).toBeNull();
    expect(await failure(call('find', otherClient, { query: { documentId: 44 } }))).toMatchObject({ name: 'NotFound' });
  });
});

describe('as of in the domain functions', () => {
  it('verifies only the chain up to the requested revision', async () => {
    const tampered = stream.map((e) => (e.revision === 9 ? { ...e, data: { ...e.data, reason: 'edited' } } : e));
    expect((await documentAsOf(DOC, tampered, 8)).chain).toEqual({ intact: true });
    expect((await documentAsOf(DOC, tampered, 9)).chain).toEqual({ intact: false, revision: 9, reason: 'hash does not match the event content' });
  });
});
