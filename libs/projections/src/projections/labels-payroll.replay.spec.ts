import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORIGIN, type BankTransaction, type DocumentRecord, type PageWord, type PageWords, type SupplierModelRecord } from '@portal/contracts';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { BANK_TRANSACTIONS, COMPANIES, DOCUMENTS, EDITOR_DOCUMENTS, EXPORT_JOBS, OPEN_ITEMS, SUPPLIER_MODELS } from '@portal/read-models';
import { Projector } from '../runtime/projector';
import { replayInto } from '../runtime/replay';
import { ALL_PROJECTIONS } from './index';

/**
 * Payroll and labels on the read models: labels (set, undone), payroll marks, searchable PDFs and confirmations
 * projected live, event by event as they arrive, give the same read models as a replay of the log —
 * documents, supplier models, company counts, open items, and the working copies, export jobs and bank
 * matches that carry a document's payroll mark alike.
 */
const SUPPLIER = 'Zirbenholz Tischlerei GmbH';
const EXPORT_ID = '33333333-3333-4333-8333-333333333333';
const VAT = 'ATU11223344';

const word = (text: string, x: number, y: number): PageWord => ({ text, x, y, width: text.length * 5, height: 10 });
function page(reference: string, number: string): PageWords[] {
  const words = [
    word('Zirbenholz', 40, 60),
    word('Tischlerei', 94, 60),
    word('GmbH', 148, 60),
    word('UID:', 40, 80),
    word(VAT, 64, 80),
    word('Rechnungsnummer:', 350, 120),
    word(number, 434, 120),
    word('Kundenreferenz:', 350, 140),
    word(reference, 429, 140),
    word('Gesamtbetrag', 300, 500),
    word('EUR', 364, 500),
    word('120,00', 383, 500),
  ];
  return [{ page: 1, width: 595, height: 842, words }];
}
const boxOf = (pages: PageWords[], text: string) => {
  const w = pages[0]!.words.find((x) => x.text === text)!;
  return { page: 1, x: w.x - 1, y: w.y - 1, width: w.width + 2, height: w.height + 2 };
};

const texts = new Map<string, string>();
let n = 0;
const meta = (userId: string, originCode?: number) => ({
  userId,
  clientNo: 1004,
  time: new Date(Date.UTC(2026, 2, 1, 10, 0, ++n)).toISOString(),
  commandId: `c${n}`,
  correlationId: 'x',
  ...(originCode ? { originCode } : {}),
});
type Draft = { type: string; data: Record<string, unknown>; metadata: ReturnType<typeof meta> };

function readDocument(id: number, reference: string, number: string, extra: Record<string, unknown> = {}): Draft[] {
  const words = `words-${id}`;
  texts.set(words, JSON.stringify(page(reference, number)));
  return [
    {
      type: 'DocumentUploaded',
      data: {
        documentId: id,
        clientNo: 1004,
        fileName: `${id}.pdf`,
        mediaType: 'application/pdf',
        size: 1,
        sha256: String(id).padStart(64, '0'),
        category: 'ER_U',
        title: `Rechnung ${number}`,
        ...extra,
      },
      metadata: meta('u-clerk'),
    },
    {
      type: 'DocumentTextExtracted',
      data: { origin: 2, pages: 1, pageOrigins: [2], textSha256: `text-${id}`, textLength: 10, language: 'de', ms: 5, wordsSha256: words },
      metadata: meta('ocr-worker', 2),
    },
    {
      type: 'DocumentFieldsExtracted',
      data: {
        origin: 2,
        fields: { invoice_number: number, gross_amount: 120, biller: { name: SUPPLIER, vat_id: VAT } },
        fieldOrigins: { invoice_number: 2, gross_amount: 2, biller: 2 },
        einvoice: null,
      },
      metadata: meta('ocr-worker', 2),
    },
  ];
}

/** The log in the order users would write it, in steps (each step appended while the projector runs). */
function steps(): Array<[string, Draft[]]> {
  const p1 = page('KR-4407', 'ZT-1001');
  return [
    [
      'company-1004',
      [
        {
          type: 'CompanyRegistered',
          data: { company_no: 1004, company_name: 'Müller Elektrotechnik GmbH', company_place: 'München' },
          metadata: meta('system'),
        },
      ],
    ],
    ['document-41', readDocument(41, 'KR-4407', 'ZT-1001')],
    [
      'document-41',
      [
        {
          type: 'DocumentFieldLabeled',
          data: { labelId: 'l1', field: 'payment_reference', box: boxOf(p1, 'KR-4407'), text: 'KR-4407', value: 'KR-4407', previous: null },
          metadata: meta('u-clerk', 9),
        },
        {
          type: 'DocumentFieldLabeled',
          data: { labelId: 'l2', field: 'invoice_number', box: boxOf(p1, 'ZT-1001'), text: 'ZT-1001', value: 'ZT-1001', previous: 'ZT-1001' },
          metadata: meta('u-clerk', 9),
        },
      ],
    ],
    [
      'document-41',
      [{ type: 'DocumentLabelUndone', data: { labelId: 'l2', field: 'invoice_number', restores: true, restored: 'ZT-1001' }, metadata: meta('u-clerk', 9) }],
    ],
    ['document-42', readDocument(42, 'KR-4414', 'ZT-1002')],
    [
      'document-42',
      [
        {
          type: 'DocumentFieldsEdited',
          data: { changes: { payment_reference: { old: null, new: 'KR-4414' } }, correction: false },
          metadata: meta('u-app', 9),
        },
        { type: 'DocumentConfirmed', data: { category: 'ER' }, metadata: meta('u-app', 12) },
      ],
    ],
    [
      'document-43',
      [
        ...readDocument(43, 'LA-1', 'LA-1', { payroll: true }),
        { type: 'DocumentSearchablePdfCreated', data: { sha256: 'f'.repeat(64), size: 2048, pages: 1, pdfa: true, ms: 812 }, metadata: meta('ocr-worker') },
      ],
    ],
    // Built from the payroll document while it is marked: a working copy, an export job and a bank match.
    [
      'editor-document-901',
      [
        {
          type: 'EditorDocumentDrafted',
          data: {
            editorDocumentId: 901,
            kind: 'revision',
            clientNo: 1004,
            category: 'ER_U',
            title: 'Lohnkonto',
            pages: [],
            fromId: null,
            targetDocumentId: 43,
          },
          metadata: meta('u-admin'),
        },
      ],
    ],
    [
      `export-${EXPORT_ID}`,
      [
        {
          type: 'ExportRequested',
          data: { exportId: EXPORT_ID, client_no: 1004, accounting: 2026, format: 'DATEV', documentIds: [42, 43], requestedBy: 'u-admin' },
          metadata: meta('u-admin'),
        },
      ],
    ],
    [
      'bank-ledger-acc-9-2026-Q1',
      [
        {
          type: 'TransactionsRecorded',
          data: {
            importId: 'i1',
            client_no: 1004,
            accountId: 'acc-9',
            entries: [
              {
                id: 'tx-9',
                key: 'k9',
                bookingDate: '2026-03-02',
                valueDate: null,
                amountCents: -12000,
                currency: 'EUR',
                reversal: false,
                counterpartyName: 'Lohn',
                counterpartyIban: null,
                counterpartyBic: null,
                remittance: '',
                reference: null,
                endToEndId: null,
                mandateId: null,
                bankReference: null,
                bankCode: null,
                batchRef: null,
              },
            ],
          },
          metadata: meta('u-admin'),
        },
        {
          type: 'TransactionMatched',
          data: { matchId: 'm-9', transactionId: 'tx-9', allocations: [{ openItemId: '43', amountCents: -12000, label: 'LA-1' }] },
          metadata: meta('u-admin'),
        },
      ],
    ],
    ['document-43', [{ type: 'DocumentPayrollMarked', data: { payroll: false, suggested: false }, metadata: meta('u-admin') }]],
    ['document-43', [{ type: 'DocumentPayrollMarked', data: { payroll: true, suggested: false }, metadata: meta('u-admin') }]],
    ['document-42', [{ type: 'DocumentBooked', data: {}, metadata: meta('u-acc', 13) }]],
  ];
}

const readText = async (sha256: string) => texts.get(sha256) ?? null;
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the projector did not reach the head of the log');
};

describe('labels, payroll and searchable PDFs: replay equals live', () => {
  const dir = mkdtempSync(join(tmpdir(), 'labels-replay-'));
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  const live = new SqliteReadStore(join(dir, 'live.sqlite'));

  beforeAll(async () => {
    const projector = new Projector(events, live, ALL_PROJECTIONS, { readText, batchSize: 2 });
    await projector.start();
    const heads = new Map<string, { revision: number; hash: string }>();
    for (const [stream, drafts] of steps()) {
      const head = heads.get(stream);
      const sealed = sealEvents(stream, head?.hash ?? null, drafts);
      const appended = await events.append(stream, sealed, head ? head.revision : 'no_stream');
      heads.set(stream, { revision: appended.nextRevision, hash: String(sealed[sealed.length - 1]!.metadata.hash) });
      await waitFor(async () => (projector.currentPosition ?? -1) >= appended.position);
    }
    await projector.stop();
  });

  afterAll(async () => {
    await live.close();
    await events.close();
  });

  it('rebuilds every read model byte for byte, in large batches and in small ones', async () => {
    const first = new SqliteReadStore(join(dir, 'r1.sqlite'));
    const second = new SqliteReadStore(join(dir, 'r2.sqlite'));
    await replayInto(events, first, ALL_PROJECTIONS, { readText, batchSize: 1000 });
    await replayInto(events, second, ALL_PROJECTIONS, { readText, batchSize: 3 });
    for (const collection of ALL_PROJECTIONS.flatMap((p) => p.collections.map((c) => c.name))) {
      const expected = await live.checksum(collection);
      expect([collection, await first.checksum(collection)]).toEqual([collection, expected]);
      expect([collection, await second.checksum(collection)]).toEqual([collection, expected]);
    }
    await first.close();
    await second.close();
  });

  it('learns the supplier from labels (Human_Labeling 9) and from confirmed values (Human_Confirmation 12), and forgets an undone label', async () => {
    const [model] = (await live.find(SUPPLIER_MODELS, { where: { client_no: 1004 }, sort: [], skip: 0, limit: 10 })).data as unknown as SupplierModelRecord[];
    expect(model).toMatchObject({ key: `vat:${VAT}`, documents: [41, 42] });
    expect(model!.fields.payment_reference!.map((s) => [s.document_id, s.origin, s.anchor])).toEqual([
      [41, ORIGIN.Human_Labeling, 'kundenreferenz'],
      [42, ORIGIN.Human_Confirmation, 'kundenreferenz'],
    ]);
    // The undone label of document 41 teaches nothing; document 42's confirmed invoice number does.
    expect(model!.fields.invoice_number!.map((s) => [s.document_id, s.origin])).toEqual([[42, ORIGIN.Human_Confirmation]]);
  });

  it('keeps labels, payroll and the searchable PDF on the documents, and counts payroll documents apart', async () => {
    const labeled = (await live.get(DOCUMENTS, 41)) as unknown as DocumentRecord;
    expect(labeled.labels!.map((l) => [l.id, l.field, l.value])).toEqual([['l1', 'payment_reference', 'KR-4407']]);
    expect(labeled.booking.payment_reference).toBe('KR-4407');
    expect(labeled.booking_origins.payment_reference).toBe(ORIGIN.Human_Labeling);
    const payroll = (await live.get(DOCUMENTS, 43)) as unknown as DocumentRecord;
    expect(payroll).toMatchObject({ payroll: true, payroll_suggested: false, searchable_pdf: { pages: 1, pdfa: true } });
    const company = await live.get(COMPANIES, 1004);
    expect(company).toMatchObject({ notifications: { invoices: 1 }, payroll_notifications: { invoices: 1 } });
    expect(await live.get(OPEN_ITEMS, 42)).toMatchObject({ listed: true, payroll: false });
    expect(await live.get(OPEN_ITEMS, 43)).toMatchObject({ listed: false, payroll: true });
  });

  it('carries the payroll mark, unmarked and marked again, to the working copy, the export job and the bank match built from the document', async () => {
    expect(await live.get(EDITOR_DOCUMENTS, 901)).toMatchObject({ target_document_id: 43, payroll: true });
    expect(await live.get(EXPORT_JOBS, EXPORT_ID)).toMatchObject({ document_ids: [42, 43], payroll_document_ids: [43], payroll: false });
    const tx = (await live.get(BANK_TRANSACTIONS, 'tx-9')) as unknown as BankTransaction;
    expect(tx.matches[0]!.allocations).toEqual([{ open_item_id: '43', amount_cents: -12000, label: 'LA-1', payroll: true }]);
  });
});
