import type { EditorDocumentRecord, Paginated, User } from '@portal/contracts';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS, replayInto } from '@portal/projections';
import { EDITOR_DOCUMENTS } from '@portal/read-models';
import { SqliteReadStore, type Doc } from '@portal/read-store';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { editorDocumentService } from './editor-document.service';

/**
 * Payroll in the document editor: the working copy a dpv user opens from a payroll document is itself
 * payroll — listed, counted in the inbox badge, read, changed and pushed only for users with dpv — and it
 * follows the document's mark when the mark changes after the copy was opened.
 */
let n = 0;
const meta = () => ({
  userId: 'u-admin',
  clientNo: 1001,
  time: new Date(Date.UTC(2026, 2, 1, 10, 0, ++n)).toISOString(),
  commandId: `c${n}`,
  correlationId: 'x',
});
const uploaded = (id: number, payroll: boolean) => ({
  type: 'DocumentUploaded',
  data: {
    documentId: id,
    clientNo: 1001,
    fileName: `${id}.pdf`,
    mediaType: 'application/pdf',
    size: 1,
    sha256: String(id).padStart(64, '0'),
    category: 'ER_U',
    title: `Beleg ${id}`,
    ...(payroll ? { payroll: true } : {}),
  },
  metadata: meta(),
});
const page = (documentId: number) => ({
  file: String(documentId).padStart(64, '0'),
  page: 0,
  rotation: 0,
  source: { kind: 'document', id: documentId, revision: 0 },
});
const workingCopy = (id: number, documentId: number, title: string) => ({
  type: 'EditorDocumentDrafted',
  data: {
    editorDocumentId: id,
    kind: 'revision',
    clientNo: 1001,
    category: 'ER_U',
    title,
    pages: [page(documentId)],
    fromId: null,
    targetDocumentId: documentId,
  },
  metadata: meta(),
});
const marked = (payroll: boolean) => ({ type: 'DocumentPayrollMarked', data: { payroll, suggested: false }, metadata: meta() });

const user = (dpv: boolean): User => ({
  keycloakId: dpv ? 'with-dpv' : 'without-dpv',
  username: dpv ? 'payroll' : 'staff',
  permissions_array: ['doc', 'ded', ...(dpv ? (['dpv'] as const) : [])],
  firstName: '',
  lastName: '',
  email: '',
  locale: 'en',
  klienten_array: [1001],
  all_clients: false,
  favClient: null,
  enabled: true,
});
const WITH = user(true);
const WITHOUT = user(false);
const context = (u: User): CallContext => ({ user: u, accessToken: '' });
const noCommands = { send: () => Promise.reject(new Error('no command expected')) } as never;

let events: SqliteEventStore;
let reads: SqliteReadStore;
let service: ServiceDefinition;
const heads = new Map<string, { revision: number; hash: string }>();

async function append(stream: string, drafts: Array<{ type: string; data: Record<string, unknown>; metadata: ReturnType<typeof meta> }>) {
  const head = heads.get(stream);
  const sealed = sealEvents(stream, head?.hash ?? null, drafts);
  const appended = await events.append(stream, sealed, head ? head.revision : 'no_stream');
  heads.set(stream, { revision: appended.nextRevision, hash: String(sealed[sealed.length - 1]!.metadata.hash) });
  await replayInto(events, reads, ALL_PROJECTIONS);
}

const find = async (u: User, query: Record<string, unknown>) =>
  (await service.methods.find!.run(context(u), { id: null, data: null, query })) as Paginated<EditorDocumentRecord>;
const get = (u: User, id: number) => service.methods.get!.run(context(u), { id, data: null, query: {} }) as Promise<EditorDocumentRecord>;
const badge = async (u: User) => (await find(u, { client_no: 1001, is_processed_documents_accumulator: null, $limit: 0 })).total;

beforeAll(async () => {
  events = new SqliteEventStore(':memory:');
  reads = new SqliteReadStore(':memory:');
  service = editorDocumentService({ reads, events, blobs: {} as never, bus: {} as never, commands: noCommands, notifyLeft: () => undefined });
  await append('company-1001', [
    { type: 'CompanyRegistered', data: { company_no: 1001, company_name: 'Alpenblick Gastronomie GmbH', company_place: 'Innsbruck' }, metadata: meta() },
  ]);
  await append('document-7101', [uploaded(7101, true)]);
  await append('document-7102', [uploaded(7102, false)]);
  await append('editor-document-801', [workingCopy(801, 7101, 'Lohnkonto Zwetschke')]);
  await append('editor-document-802', [workingCopy(802, 7102, 'Metro Rechnung')]);
});

afterAll(async () => {
  await reads.close();
  await events.close();
});

describe('working copies of payroll documents in the document editor', () => {
  it('marks the working copy of a payroll document as payroll', async () => {
    expect(await reads.get<Doc>(EDITOR_DOCUMENTS, 801)).toMatchObject({ payroll: true, target_document_id: 7101 });
    expect(await reads.get<Doc>(EDITOR_DOCUMENTS, 802)).toMatchObject({ payroll: false });
  });

  it('lists and counts it only for dpv users, and leaves no trace of it in a search without dpv', async () => {
    expect((await find(WITH, { client_no: 1001 })).data.map((d) => d.id).sort()).toEqual([801, 802]);
    const theirs = await find(WITHOUT, { client_no: 1001 });
    expect(theirs.data.map((d) => d.id)).toEqual([802]);
    expect(theirs.total).toBe(1);
    expect(JSON.stringify(theirs)).not.toContain('Zwetschke');
    expect(await badge(WITH)).toBe(2);
    expect(await badge(WITHOUT)).toBe(1);
    // Asking for it by its mark or its document finds nothing either.
    expect((await find(WITHOUT, { client_no: 1001, target_document_id: 7101 })).total).toBe(0);
  });

  it('answers get and patch without dpv with NotFound and changes nothing', async () => {
    await expect(get(WITHOUT, 801)).rejects.toMatchObject({ code: 404 });
    await expect(service.methods.patch!.run(context(WITHOUT), { id: 801, data: { action: 'renameDocument', title: 'mine' }, query: {} })).rejects.toMatchObject(
      { code: 404 },
    );
    expect(await get(WITH, 801)).toMatchObject({ id: 801, title: 'Lohnkonto Zwetschke', payroll: true });
  });

  it('pushes its changes only to dpv users', async () => {
    const stored = (await reads.get<Doc>(EDITOR_DOCUMENTS, 801))!;
    expect(service.mirror!.visibleTo!(WITHOUT, stored)).toBe(false);
    expect(service.mirror!.visibleTo!(WITH, stored)).toBe(true);
    expect(service.mirror!.visibleTo!(WITHOUT, (await reads.get<Doc>(EDITOR_DOCUMENTS, 802))!)).toBe(true);
  });

  it('follows the document when it is marked payroll, or unmarked, after the copy was opened', async () => {
    await append('document-7102', [marked(true)]);
    expect(await reads.get<Doc>(EDITOR_DOCUMENTS, 802)).toMatchObject({ payroll: true });
    expect(await badge(WITHOUT)).toBe(0);
    await expect(get(WITHOUT, 802)).rejects.toMatchObject({ code: 404 });
    await append('document-7101', [marked(false)]);
    expect(await get(WITHOUT, 801)).toMatchObject({ id: 801, payroll: false });
    expect(await badge(WITHOUT)).toBe(1);
  });
});
