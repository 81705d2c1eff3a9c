import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { DOCUMENTS } from '@portal/read-models';
import { liveAndReplayed } from '../../test/live-and-replayed';
import { replayInto } from '../runtime/replay';
import { documentsProjection } from './documents.projection';

const meta = (n: number, originCode?: number) => ({
  userId: n > 2 ? 'reviewer' : 'worker',
  clientNo: 1001,
  time: `2026-03-01T10:00:0${n}.000Z`,
  commandId: `c${n}`,
  correlationId: 'x',
  ...(originCode ? { originCode } : {}),
});

describe('documents projection: review fields', () => {
  it('fills the fields from the extraction, applies edits with their origin, findings and flags', async () => {
    const events = new SqliteEventStore(':memory:');
    const stream = 'document-5';
    await events.append(
      stream,
      sealEvents(stream, null, [
        {
          type: 'DocumentUploaded',
          data: {
            documentId: 5,
            clientNo: 1001,
            fileName: 'a.pdf',
            mediaType: 'application/pdf',
            size: 1,
            sha256: 'a'.repeat(64),
            category: 'ER_U',
            title: 'a',
          },
          metadata: meta(1),
        },
        {
          type: 'DocumentFieldsExtracted',
          data: {
            origin: 7,
            fields: { net_amount: 100, tax_amount: 20, gross_amount: 120, biller: { name: 'Alpenstrom AG' } },
            fieldOrigins: { net_amount: 7 },
            einvoice: null,
          },
          metadata: meta(2),
        },
        {
          type: 'DocumentFieldsEdited',
          data: { changes: { gross_amount: { old: 120, new: 130 }, biller: { old: 'Alpenstrom AG', new: 'Alpenstrom Energie AG' } }, correction: false },
          metadata: meta(3, 9),
        },
        { type: 'DocumentFieldsEdited', data: { changes: { gross_amount: { old: 130, new: 120 } }, correction: false }, metadata: meta(4, 9) },
        { type: 'DocumentConfirmed', data: { category: 'ER' }, metadata: meta(5, 12) },
        { type: 'DocumentErpStatusRecorded', data: { status: 'error', reason: 'Konto fehlt' }, metadata: meta(6) },
      ]),
      'no_stream',
    );
    const reads = new SqliteReadStore(':memory:');
    await replayInto(events, reads, [documentsProjection]);
    const doc = await reads.get(DOCUMENTS, 5);
    expect(doc).toMatchObject({
      booking: { net_amount: 100, gross_amount: 120, biller: 'Alpenstrom Energie AG' },
      booking_origins: { net_amount: 7, tax_amount: 7, gross_amount: 9, biller: 9 },
      biller_name: 'Alpenstrom Energie AG',
      gross_amount: 120,
      issues: [],
      confirmed: true,
      confirmed_by: 'reviewer',
      flags: 1 | 8,
      erp_status: 'error',
      erp_reason: 'Konto fehlt',
      revision: 5,
    });
    await reads.close();
  });
});

describe('documents projection: reverse lineage', () => {
  const sha = (c: string) => c.repeat(64);
  const uploaded = (id: number, title: string, assembledFrom?: unknown) => ({
    type: 'DocumentUploaded',
    data: {
      documentId: id,
      clientNo: 1001,
      fileName: `${title}.pdf`,
      mediaType: 'application/pdf',
      size: 1,
      sha256: sha(String(id % 10)),
      category: 'ER_U',
      title,
      ...(assembledFrom ? { assembledFrom } : {}),
    },
  });
  const lineage = (sources: Array<{ kind: 'editor' | 'document'; id: number; pages: number[] }>) => ({
    editorDocumentId: 77,
    editorRevision: 3,
    sources: sources.map((s) => ({ ...s, revision: 0, title: `#${s.id}`, rotated: 0 })),
  });

  it('lists on a source document the documents made with its pages, from uploads and revised files alike', async () => {
    const events = new SqliteEventStore(':memory:');
    const append = async (id: number, drafts: Array<{ type: string; data: Record<string, unknown> }>, n: number) =>
      events.append(
        `document-${id}`,
        sealEvents(
          `document-${id}`,
          null,
          drafts.map((d, i) => ({ ...d, metadata: meta(n + i) })),
        ),
        'no_stream',
      );
    await append(1, [uploaded(1, 'Quelle')], 1);
    await append(
      2,
      [
        uploaded(
          2,
          'Deckblatt',
          lineage([
            { kind: 'editor', id: 9, pages: [1] },
            { kind: 'document', id: 1, pages: [2, 3] },
          ]),
        ),
      ],
      2,
    );
    await append(
      3,
      [
        uploaded(3, 'Delta'),
        {
          type: 'DocumentPagesRevised',
          data: {
            sha256: sha('d'),
            size: 2,
            mediaType: 'application/pdf',
            pageCount: 2,
            added: 1,
            removed: 0,
            lineage: lineage([
              { kind: 'document', id: 3, pages: [1] },
              { kind: 'document', id: 1, pages: [1] },
            ]),
          },
        },
      ],
      3,
    );
    const reads = new SqliteReadStore(':memory:');
    await replayInto(events, reads, [documentsProjection]);
    expect((await reads.get(DOCUMENTS, 1))?.derived).toEqual([
      { document_id: 2, title: 'Deckblatt', pages: [2, 3], at: '2026-03-01T10:00:02.000Z' },
      { document_id: 3, title: 'Delta', pages: [1], at: '2026-03-01T10:00:04.000Z' },
    ]);
    expect((await reads.get(DOCUMENTS, 3))?.derived).toEqual([]);
    expect((await reads.get(DOCUMENTS, 2))?.derived).toEqual([]);
    await reads.close();
  });
});

describe('documents projection: e-invoice verdict', () => {
  it('shows the verdict on the current file with its validity, counts and findings, and drops it with a new file', async () => {
    const events = new SqliteEventStore(':memory:');
    const finding = {
      rule: 'BR-CO-15',
      severity: 'fatal',
      location: '/ubl:Invoice',
      message: { en: 'Total with VAT ≠ net total + VAT', de: 'Gesamtbetrag mit Steuer ≠ Netto + Steuer' },
    };
    const verdict = {
      valid: false,
      syntax: 'UBL Invoice',
      customization: 'urn:x',
      profile: 'XRechnung',
      rulesVersion: 'rules 1',
      findings: [finding],
      validity: 'invalid',
      counts: { fatal: 1, warning: 0, information: 0 },
    };
    const uploaded = (id: number) => ({
      type: 'DocumentUploaded',
      data: { documentId: id, clientNo: 1001, fileName: 'x.xml', mediaType: 'application/xml', size: 1, sha256: 'a'.repeat(64), category: 'ER_U', title: 'x' },
      metadata: meta(1),
    });
    const validated = { type: 'DocumentEInvoiceValidated', data: { ...verdict, sha256: 'a'.repeat(64) }, metadata: meta(2) };
    const revised = {
      type: 'DocumentPagesRevised',
      data: {
        sha256: 'b'.repeat(64),
        size: 2,
        mediaType: 'application/pdf',
        pageCount: 1,
        previousSha256: 'a'.repeat(64),
        added: 1,
        removed: 0,
        lineage: { editorDocumentId: 1, editorRevision: 1, sources: [] },
      },
      metadata: meta(3),
    };
    await events.append('document-8', sealEvents('document-8', null, [uploaded(8), validated]), 'no_stream');
    await events.append('document-9', sealEvents('document-9', null, [uploaded(9), validated, revised]), 'no_stream');
    const reads = new SqliteReadStore(':memory:');
    await replayInto(events, reads, [documentsProjection]);
    const { validity: _validity, ...kept } = verdict;
    expect(await reads.get(DOCUMENTS, 8)).toMatchObject({
      einvoice_validity: 'invalid',
      einvoice_validation: { ...kept, validity: 'invalid', validated_at: '2026-03-01T10:00:02.000Z' },
    });
    expect((await reads.find(DOCUMENTS, { where: { einvoice_validity: 'invalid' }, sort: [], skip: 0, limit: 10 })).data.map((d) => d.id)).toEqual([8]);
    expect(await reads.get(DOCUMENTS, 9)).toMatchObject({ einvoice_validity: null, einvoice_validation: null });
    await reads.close();
  });
});

describe('documents projection: e-invoice terms read again', () => {
  it('gives a document read before the terms its payment terms and attachments, for its current file only, live and on replay alike', async () => {
    const events = new SqliteEventStore(':memory:');
    const sha = 'a'.repeat(64);
    const terms = {
      payment: { means_code: '58', terms: 'Zahlbar innerhalb von 30 Tagen.' },
      attachments: [{ id: 'TS-03', filename: 'stunden.pdf', mime: 'application/pdf', embedded: true, size: 18 }],
    };
    const uploaded = (id: number) => ({
      type: 'DocumentUploaded',
      data: { documentId: id, clientNo: 1001, fileName: 'x.xml', mediaType: 'application/xml', size: 1, sha256: sha, category: 'ER_U', title: 'x' },
      metadata: meta(1),
    });
    const readBeforeTerms = {
      type: 'DocumentFieldsExtracted',
      data: {
        origin: 50,
        fields: { invoice_number: 'RE-1', due_date: '2026-04-01' },
        fieldOrigins: { invoice_number: 50 },
        einvoice: { syntax: 'UBL', source: 'xml-file' },
      },
      metadata: meta(2),
    };
    const termsRead = (file: string) => ({ type: 'DocumentEInvoiceTermsRead', data: { sha256: file, terms, version: 2 }, metadata: meta(3) });
    await events.append('document-11', sealEvents('document-11', null, [uploaded(11), readBeforeTerms, termsRead(sha)]), 'no_stream');
    await events.append('document-12', sealEvents('document-12', null, [uploaded(12), readBeforeTerms, termsRead('b'.repeat(64))]), 'no_stream');
    const { live, replayed } = await liveAndReplayed(events, [documentsProjection]);
    expect(await live.get(DOCUMENTS, 11)).toMatchObject({
      einvoice: { syntax: 'UBL', source: 'xml-file', terms, terms_version: 2 },
      fields: { due_date: '2026-04-01' },
    });
    expect((await live.get(DOCUMENTS, 12))?.einvoice).toEqual({ syntax: 'UBL', source: 'xml-file' });
    for (const id of [11, 12]) expect(await replayed.get(DOCUMENTS, id)).toEqual(await live.get(DOCUMENTS, id));
    await live.close();
    await replayed.close();
  });
});
