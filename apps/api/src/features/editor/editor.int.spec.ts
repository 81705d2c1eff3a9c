import { createHash } from 'node:crypto';
import type { DocumentHistory, DocumentRecord, EditorDocumentRecord, InboxDeliveryOutcome, Paginated } from '@portal/contracts';
import { eventually, PortalSession } from '@portal/tools';
import { readBack, textPdf } from '../../../test/editor-test-files';

jest.setTimeout(600_000);
/** Extraction runs in the portal's worker; on a busy machine it takes a while. */
const EXTRACTION_MS = 300_000;

const session = PortalSession.start();
/**
 * Every page of the spec's PDFs carries at least 16 characters of text (the extraction's MIN_TEXT_CHARS), so the
 * worker reads their text layer: a page with less is rendered and OCR'd, seconds of CPU a page that this spec, about
 * the editor, never looked at (its text assertions are all on the text layer; OCR has specs of its own).
 */
const SCAN_PAGES = [
  'Rechnung Alpha Nr. 1',
  'Alpha Geschäftsbedingungen',
  'Rechnung Beta Nr. 2',
  'Beta Geschäftsbedingungen',
  'Rechnung Gamma Nr. 3',
  'Gamma Geschäftsbedingungen',
];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function toInbox(user: string, client: number, name: string, bytes: Buffer): Promise<{ status: number; files: InboxDeliveryOutcome[] }> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${session.url}/api/document-editor/upload?client=${client}`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await session.token(user)}` },
  });
  const body = (await res.json()) as { files?: InboxDeliveryOutcome[]; message?: string };
  return { status: res.status, files: body.files ?? [] };
}

async function fileOf(user: string, item: number, file: string): Promise<Response> {
  return fetch(`${session.url}/api/document-editor/${item}/files/${file}`, { headers: { Authorization: `Bearer ${await session.token(user)}` } });
}

const editor = async (user: string) => (await session.signedIn(user)).app.service('editor-document');
const delivered = (outcome: InboxDeliveryOutcome) => {
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.editorDocumentId;
};

describe('document editor: inbox, split, merge, add pages, complete, undo', () => {
  let scanBytes: Buffer;
  let scanId: number;

  it('takes an upload into the inbox, counted by the spec call, and pushes it live', async () => {
    const service = await editor('client1');
    const created = new Promise<EditorDocumentRecord>((resolve) => service.once('created', resolve));
    const before = (await service.find({ query: { client_no: 1001, is_processed_documents_accumulator: null, $limit: 0 } })) as Paginated<EditorDocumentRecord>;
    scanBytes = await textPdf(SCAN_PAGES);
    const { status, files } = await toInbox('client1', 1001, 'Scan Empfang.pdf', scanBytes);
    expect(status).toBe(201);
    scanId = delivered(files[0]!);
    expect(files[0]).toMatchObject({ ok: true, pages: 6 });
    expect((await created).id).toBe(scanId);
    const after = (await service.find({ query: { client_no: 1001, is_processed_documents_accumulator: null, $limit: 0 } })) as Paginated<EditorDocumentRecord>;
    expect(after.total).toBe(before.total + 1);
    const record = (await service.get(scanId)) as EditorDocumentRecord;
    expect(record).toMatchObject({ kind: 'source', status: 'inbox', page_count: 6, channel: 'upload', title: 'Scan Empfang', sha256: sha(scanBytes) });
    expect((await fileOf('client1', scanId, record.pdf_sha256!)).status).toBe(200);
  });

  it('refuses a second delivery of the same scan while it waits, and files that are not pages', async () => {
    const again = await toInbox('client1', 1001, 'again.pdf', scanBytes);
    expect(again.files[0]).toMatchObject({ ok: false, error: { name: 'Conflict', message: 'Document already exists.' } });
    const xml = await toInbox('client1', 1001, 'x.xml', Buffer.from('<?xml version="1.0"?><Invoice/>'));
    expect(xml.files[0]).toMatchObject({ ok: false, error: { name: 'BadRequest' } });
    expect((await toInbox('client1', 1001, 'exe.pdf', Buffer.from('MZ not a document'))).files[0]).toMatchObject({ ok: false, error: { name: 'BadRequest' } });
  });

  it('refuses the inbox without the permission, for another client, and answers NotFound for another client’s item', async () => {
    expect((await toInbox('approver', 1002, 'a.pdf', scanBytes)).status).toBe(403);
    expect((await toInbox('client1', 1002, 'a.pdf', scanBytes)).status).toBe(404);
    await expect((await editor('approver')).find({ query: {} })).rejects.toMatchObject({ name: 'Forbidden' });
    const clerk = await editor('clerk');
    await expect(clerk.get(scanId)).rejects.toMatchObject({ name: 'NotFound' });
    await expect(clerk.patch(scanId, { action: 'renameDocument', title: 'mine' })).rejects.toMatchObject({ name: 'NotFound' });
    expect((await fileOf('clerk', scanId, sha(scanBytes))).status).toBe(404);
    const own = (await clerk.find({ query: { $limit: 500 } })) as Paginated<EditorDocumentRecord>;
    expect(own.data.every((d) => [1004, 1005].includes(d.client_no))).toBe(true);

    // Pages of another client's document or inbox item cannot be taken in; an unknown id is NotFound; nothing changes.
    const service = await editor('client1');
    const before = (await service.get(scanId)) as EditorDocumentRecord;
    const theirs = await session.upload('clerk', 1004, [{ name: 'Fremd.pdf', bytes: await textPdf(['Rechnung eines anderen Mandanten']) }]);
    const theirItem = delivered((await toInbox('clerk', 1004, 'fremd-scan.pdf', await textPdf(['Scan eines anderen Mandanten']))).files[0]!);
    await expect(service.patch(scanId, { action: 'addPages', sourceKind: 'document', sourceId: theirs.body.files![0]!.documentId! })).rejects.toMatchObject({
      name: 'NotFound',
    });
    await expect(service.patch(scanId, { action: 'addPages', sourceKind: 'editor', sourceId: theirItem })).rejects.toMatchObject({ name: 'NotFound' });
    await expect(service.patch(scanId, { action: 'merge', items: [theirItem] })).rejects.toMatchObject({ name: 'NotFound' });
    await expect(service.patch(987_654_321, { action: 'renameDocument', title: 'nobody' })).rejects.toMatchObject({ name: 'NotFound' });
    expect(((await service.get(scanId)) as EditorDocumentRecord).revision).toBe(before.revision);
  });

  it('answers bad actions with clear errors and changes nothing', async () => {
    const service = await editor('client1');
    const before = (await service.get(scanId)) as EditorDocumentRecord;
    await expect(service.patch(scanId, { action: 'split', parts: [{ positions: [] }] })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'pages must be selected',
    });
    await expect(service.patch(scanId, { action: 'arrange', pages: [{ from: 9, rotation: 0 }] })).rejects.toMatchObject({
      message: 'Page 10 does not exist: the document has 6 pages.',
    });
    await expect(service.patch(scanId, { action: 'renameDocument', title: ' ' })).rejects.toMatchObject({ message: 'Document name at least 1 character' });
    await expect(service.patch(scanId, { action: 'completeDocument' })).rejects.toMatchObject({ message: 'client and document group must be chosen' });
    await expect(service.patch(scanId, { action: 'explode' })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(service.patch(scanId, { action: 'move', client_no: 1002 })).rejects.toMatchObject({ name: 'NotFound' });
    expect(((await service.get(scanId)) as EditorDocumentRecord).revision).toBe(before.revision);
  });

  let parts: EditorDocumentRecord[];
  it('splits the six-page scan into three drafts at chosen pages; the scan leaves the inbox; undo brings it back; split again', async () => {
    const service = await editor('client1');
    await service.patch(scanId, { action: 'move', category: 'ER_U' });
    const split = (await service.patch(scanId, {
      action: 'split',
      parts: [{ positions: [0, 1] }, { positions: [2, 3] }, { positions: [4, 5], title: 'Gamma' }],
    })) as EditorDocumentRecord;
    expect(split).toMatchObject({ status: 'split', page_count: 0 });
    expect(split.is_processed_documents_accumulator).not.toBeNull();
    const drafts = (await service.find({ query: { from_id: scanId, status: 'inbox' } })) as Paginated<EditorDocumentRecord>;
    expect(drafts.data.map((d) => d.title).sort()).toEqual(['Gamma', 'Scan Empfang (1–2)', 'Scan Empfang (3–4)']);
    const undone = (await service.patch(scanId, { action: 'undo', revision: split.revision })) as EditorDocumentRecord;
    expect(undone).toMatchObject({ status: 'inbox', page_count: 6, is_processed_documents_accumulator: null });
    expect(((await service.find({ query: { from_id: scanId, status: 'inbox' } })) as Paginated<EditorDocumentRecord>).total).toBe(0);
    await service.patch(scanId, {
      action: 'split',
      parts: [
        { positions: [0, 1], title: 'Alpha' },
        { positions: [2, 3], title: 'Beta' },
        { positions: [4, 5], title: 'Gamma' },
      ],
    });
    parts = ((await service.find({ query: { from_id: scanId, status: 'inbox', $sort: { title: 1 } } })) as Paginated<EditorDocumentRecord>).data;
    expect(parts.map((p) => p.title)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(parts.every((p) => p.category === 'ER_U' && p.kind === 'draft')).toBe(true);
  });

  it('turns and reorders pages of a draft, undoes the last edit, renames and completes it into an extracted document with its lineage', async () => {
    const service = await editor('client1');
    const alpha = parts[0]!;
    const arranged = (await service.patch(alpha.id, {
      action: 'arrange',
      pages: [
        { from: 1, rotation: 0 },
        { from: 0, rotation: 90 },
      ],
    })) as EditorDocumentRecord;
    expect(arranged.pages.map((p) => [p.page, p.rotation])).toEqual([
      [1, 0],
      [0, 90],
    ]);
    const restored = (await service.patch(alpha.id, { action: 'undo', revision: arranged.revision })) as EditorDocumentRecord;
    expect(restored.pages.map((p) => [p.page, p.rotation])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    await service.patch(alpha.id, {
      action: 'arrange',
      pages: [
        { from: 0, rotation: 90 },
        { from: 1, rotation: 0 },
      ],
    });
    await service.patch(alpha.id, { action: 'renameDocument', title: 'Alpha März' });
    const completed = (await service.patch(alpha.id, { action: 'completeDocument' })) as EditorDocumentRecord;
    expect(completed).toMatchObject({ status: 'completed' });
    const documents = (await session.signedIn('client1')).app.service('documents');
    const doc = (await documents.get(completed.document_id!)) as DocumentRecord;
    expect(doc).toMatchObject({ title: 'Alpha März', category: 'ER_U', client_no: 1001, media_type: 'application/pdf' });
    expect(doc.lineage).toMatchObject({
      editorDocumentId: alpha.id,
      sources: [{ kind: 'editor', id: scanId, title: 'Scan Empfang', pages: [1, 2], rotated: 1 }],
    });
    const file = Buffer.from(
      await (
        await fetch(`${session.url}/api/documents/${doc.id}/file`, { headers: { Authorization: `Bearer ${await session.token('client1')}` } })
      ).arrayBuffer(),
    );
    expect(await readBack(file)).toEqual([
      { text: 'Rechnung Alpha Nr. 1', rotation: 90 },
      { text: 'Alpha Geschäftsbedingungen', rotation: 0 },
    ]);
    const extracted = await eventually(async () => {
      const d = (await documents.get(doc.id)) as DocumentRecord;
      return d.extraction !== 'pending' ? d : undefined;
    }, EXTRACTION_MS);
    expect(extracted.text).toContain('Rechnung Alpha');
    const scan = (await service.get(scanId)) as EditorDocumentRecord;
    expect(scan.derived).toEqual([expect.objectContaining({ document_id: doc.id, title: 'Alpha März', pages: [1, 2] })]);
    const original = Buffer.from(await (await fileOf('client1', scanId, sha(scanBytes))).arrayBuffer());
    expect(sha(original)).toBe(sha(scanBytes));
    const history = (await (await session.signedIn('client1')).app.service('document-history').find({ query: { documentId: doc.id } })) as DocumentHistory;
    expect(history.entries[0]!.changes.some((c) => c.field.startsWith('lineage'))).toBe(true);
  });

  it('refuses a second document with the same pages in the same document group with the spec text, also through a working copy', async () => {
    const service = await editor('client1');
    // The same scan again (the first has left the inbox), cut like "Alpha März": the assembled file is byte for byte the same.
    const again = delivered((await toInbox('client1', 1001, 'Scan Empfang nochmal.pdf', scanBytes)).files[0]!);
    await service.patch(again, { action: 'move', category: 'ER_U' });
    await service.patch(again, {
      action: 'arrange',
      pages: [
        { from: 0, rotation: 90 },
        { from: 1, rotation: 0 },
      ],
    });
    const before = (await service.get(again)) as EditorDocumentRecord;
    await expect(service.patch(again, { action: 'completeDocument' })).rejects.toMatchObject({
      name: 'Conflict',
      message: 'Document could not be created because it already exists in the document group',
    });
    expect(await service.get(again)).toMatchObject({ status: 'inbox', revision: before.revision });

    // A working copy of another document of the group that would end with the same file is refused the same way.
    const up = await session.upload('client1', 1001, [{ name: 'Eta.pdf', bytes: await textPdf(['Rechnung Eta Nr. 7/2026']) }]);
    const eta = up.body.files![0]!.documentId!;
    const documents = (await session.signedIn('client1')).app.service('documents');
    const etaSha = ((await documents.get(eta)) as DocumentRecord).sha256;
    const copy = (await service.create({ documentId: eta })) as EditorDocumentRecord;
    await service.patch(copy.id, { action: 'addPages', sourceKind: 'editor', sourceId: again });
    await service.patch(copy.id, {
      action: 'arrange',
      pages: [
        { from: 1, rotation: 90 },
        { from: 2, rotation: 0 },
      ],
    });
    await expect(service.patch(copy.id, { action: 'completeDocument' })).rejects.toMatchObject({
      name: 'Conflict',
      message: 'Document could not be created because it already exists in the document group',
    });
    expect(((await documents.get(eta)) as DocumentRecord).sha256).toBe(etaSha);
    await service.patch(copy.id, { action: 'discard' });

    // In another document group the same file is a document of its own.
    await service.patch(again, { action: 'move', category: 'KA' });
    expect(await service.patch(again, { action: 'completeDocument' })).toMatchObject({ status: 'completed' });
  });

  it('merges two drafts into one, undoes the merge, merges again and completes', async () => {
    const service = await editor('client1');
    const [, beta, gamma] = parts;
    const merged = (await service.patch(beta!.id, { action: 'merge', items: [gamma!.id] })) as EditorDocumentRecord;
    expect(merged.page_count).toBe(4);
    expect((await service.get(gamma!.id)) as EditorDocumentRecord).toMatchObject({ status: 'merged', merged_into: beta!.id });
    await service.patch(beta!.id, { action: 'undo', revision: merged.revision });
    expect(((await service.get(gamma!.id)) as EditorDocumentRecord).status).toBe('inbox');
    expect(((await service.get(beta!.id)) as EditorDocumentRecord).page_count).toBe(2);
    await service.patch(beta!.id, { action: 'merge', items: [gamma!.id] });
    const done = (await service.patch(beta!.id, { action: 'completeDocument' })) as EditorDocumentRecord;
    const doc = (await (await session.signedIn('client1')).app.service('documents').get(done.document_id!)) as DocumentRecord;
    expect(doc.lineage!.sources).toEqual([expect.objectContaining({ id: scanId, pages: [3, 4, 5, 6] })]);
    await expect(service.patch(done.id, { action: 'renameDocument', title: 'later' })).rejects.toMatchObject({
      name: 'Conflict',
      message: 'The document cannot be renamed: it was completed.',
    });
  });

  it('adds pages of an inbox item to an unconfirmed document through a working copy, keeping the old file', async () => {
    const documents = (await session.signedIn('client1')).app.service('documents');
    const up = await session.upload('client1', 1001, [{ name: 'Rechnung Delta.pdf', bytes: await textPdf(['Rechnung Delta Nr. 4']) }]);
    const documentId = up.body.files![0]!.documentId!;
    const oldSha = ((await documents.get(documentId)) as DocumentRecord).sha256;
    const service = await editor('client1');
    const copy = (await service.create({ documentId })) as EditorDocumentRecord;
    expect(copy).toMatchObject({ kind: 'revision', target_document_id: documentId, page_count: 1 });
    const late = delivered((await toInbox('client1', 1001, 'Delta Seite 2.pdf', await textPdf(['Delta Seite 2 nachgereicht']))).files[0]!);
    await service.patch(copy.id, { action: 'addPages', sourceKind: 'editor', sourceId: late });
    await service.patch(copy.id, { action: 'completeDocument' });
    const revised = await eventually(async () => {
      const d = (await documents.get(documentId)) as DocumentRecord;
      return d.sha256 !== oldSha && d.extraction !== 'pending' ? d : undefined;
    }, EXTRACTION_MS);
    expect(revised.pages).toBe(2);
    expect(revised.text).toContain('nachgereicht');
    const history = (await (await session.signedIn('client1')).app.service('document-history').find({ query: { documentId } })) as DocumentHistory;
    expect(history.entries.map((e) => e.kind)).toContain('pages-revised');
    const asOf = (await (await session.signedIn('client1')).app.service('document-history').get(documentId, { query: { asOf: 0 } })) as {
      document: DocumentRecord;
    };
    expect(asOf.document.sha256).toBe(oldSha);
    // The earlier file stays readable by the document's readers, and only files the document has had.
    const earlier = async (user: string, file: string) =>
      fetch(`${session.url}/api/documents/${documentId}/file?sha256=${file}`, { headers: { Authorization: `Bearer ${await session.token(user)}` } });
    const old = await earlier('client1', oldSha);
    expect(old.status).toBe(200);
    expect(sha(Buffer.from(await old.arrayBuffer()))).toBe(oldSha);
    expect((await earlier('client1', sha(scanBytes))).status).toBe(404);
    expect((await earlier('clerk', oldSha)).status).toBe(404);
  });

  it('lists on a source document the documents made with its pages, also with its audit timeline', async () => {
    const service = await editor('client1');
    const up = await session.upload('client1', 1001, [{ name: 'Theta.pdf', bytes: await textPdf(['Rechnung Theta Nr. 8', 'Theta Anhang zur Rechnung']) }]);
    const theta = up.body.files![0]!.documentId!;
    const cover = delivered((await toInbox('client1', 1001, 'Deckblatt.pdf', await textPdf(['Deckblatt zu Theta']))).files[0]!);
    await service.patch(cover, { action: 'addPages', sourceKind: 'document', sourceId: theta, positions: [1] });
    await service.patch(cover, { action: 'move', category: 'Other' });
    const done = (await service.patch(cover, { action: 'completeDocument' })) as EditorDocumentRecord;
    const peer = await session.signedIn('client1');
    const source = (await peer.app.service('documents').get(theta)) as DocumentRecord;
    expect(source.derived).toEqual([expect.objectContaining({ document_id: done.document_id, title: 'Deckblatt', pages: [2] })]);
    const history = (await peer.app.service('document-history').find({ query: { documentId: theta } })) as DocumentHistory;
    expect(history.derived).toEqual(source.derived);
  });

  it('refuses to let a confirmed document lose pages, saying why', async () => {
    const documents = (await session.signedIn('accountant')).app.service('documents');
    const invoice = [
      'Gletscherblick Bergbahnen GmbH',
      'Rechnung',
      'Rechnungsnummer: RE-2026-0999',
      'Rechnungsdatum: 12.03.2026',
      'Nettobetrag: 1.000,00 EUR',
      'USt 20 %: 200,00 EUR',
      'Gesamtbetrag: 1.200,00 EUR',
    ];
    const up = await session.upload('accountant', 1001, [{ name: 'Epsilon.pdf', bytes: await textPdf([invoice, 'Allgemeine Geschäftsbedingungen']) }]);
    const documentId = up.body.files![0]!.documentId!;
    const service = await editor('accountant');
    const copy = (await service.create({ documentId })) as EditorDocumentRecord;
    await eventually(async () => (((await documents.get(documentId)) as DocumentRecord).extraction !== 'pending' ? true : undefined), EXTRACTION_MS);
    expect(((await documents.patch(documentId, { action: 'confirm' })) as DocumentRecord).confirmed).toBe(true);
    await service.patch(copy.id, { action: 'arrange', pages: [{ from: 0, rotation: 0 }] });
    await expect(service.patch(copy.id, { action: 'completeDocument' })).rejects.toMatchObject({
      name: 'Conflict',
      message: 'A confirmed document cannot lose pages.',
    });
    await expect(service.create({ documentId })).rejects.toMatchObject({
      name: 'Conflict',
      message: 'Pages can be added only to documents that are not yet confirmed.',
    });
    expect(((await documents.get(documentId)) as DocumentRecord).pages).toBe(2);
    expect(await service.patch(copy.id, { action: 'discard' })).toMatchObject({ status: 'discarded' });
  });
});
