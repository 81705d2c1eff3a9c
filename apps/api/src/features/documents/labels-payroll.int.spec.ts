import type { DocumentRecord, Paginated, PageWords } from '@portal/contracts';
import { extractDocument, OcrEngine } from '@portal/extraction';
import { textScan } from '@portal/demo-data';
import { eventually, invoicePdf, PortalSession } from '@portal/tools';

jest.setTimeout(300_000);

const session = PortalSession.start();
const bearer = async (user: string) => ({ Authorization: `Bearer ${await session.token(user)}` });
const get = async (user: string, path: string) => fetch(`${session.url}${path}`, { headers: await bearer(user) });
const counts = async (user: string) =>
  (await (await session.signedIn(user)).app.service('accounting-client').get(1001)) as {
    notifications: { invoices: number; documents: number };
    payroll_notifications?: unknown;
  };
const extracted = (user: string, id: number) =>
  eventually(async () => {
    const doc = (await (await session.signedIn(user)).app.service('documents').get(id)) as DocumentRecord;
    return doc.extraction === 'done' ? doc : undefined;
  }, 240_000);

const scanPng = (lines: string[]) => textScan([lines], 'png');

/** A staff account made by the admin once per run (the demo users hold pdf only as admin): its user name, for tokens. */
const made = new Map<string, Promise<unknown>>();
async function staff(username: string, permissions: string[], klienten: number[]): Promise<string> {
  if (!made.has(username)) {
    const admin = await session.signedIn('admin');
    made.set(
      username,
      admin.app.service('idp-users').create({
        username,
        email: `${username}@huber-partner.example`,
        firstName: 'Scan',
        lastName: 'Office',
        locale: 'de',
        telNr: '',
        permissions,
        klienten,
        password: '',
        passwordRepeat: '',
      }),
    );
  }
  await made.get(username);
  return username;
}

describe('payroll documents reach only users with dpv', () => {
  let payrollId: number;

  it('refuses a payroll upload without dpv', async () => {
    const reply = await session.upload('client1', 1001, [{ name: 'lohn.pdf', bytes: await invoicePdf(['Lohnabrechnung März']) }], 'ER_U', '&payroll=1');
    expect(reply.status).toBe(403);
  });

  it('hides a payroll document from lists, search, counts, pushes and downloads of a user without dpv', async () => {
    const viewer = await session.signedIn('client1');
    const pushed: number[] = [];
    viewer.app.service('documents').on('created', (d: DocumentRecord) => pushed.push(d.id));
    const before = { admin: await counts('admin'), client1: await counts('client1') };
    const bytes = await invoicePdf(['Lohnabrechnung März 2026', 'Personalnummer 0815', 'Bruttobezug 3.200,00', 'Kennwort Zwetschkenröster']);
    const reply = await session.upload('admin', 1001, [{ name: 'Lohnabrechnung 03-2026.pdf', bytes }], 'ER_U', '&payroll=1');
    expect(reply.status).toBe(201);
    payrollId = reply.body.files![0]!.documentId!;
    const admin = await session.signedIn('admin');
    expect(await extracted('admin', payrollId)).toMatchObject({ payroll: true });
    await eventually(async () =>
      (await counts('admin')).notifications.documents + (await counts('admin')).notifications.invoices >
      before.admin.notifications.documents + before.admin.notifications.invoices
        ? true
        : undefined,
    );

    const list = (await viewer.app.service('documents').find({ query: { client_no: 1001, $limit: 1000 } })) as Paginated<DocumentRecord>;
    expect(list.data.map((d) => d.id)).not.toContain(payrollId);
    const search = (await viewer.app.service('documents').find({ query: { client_no: 1001, search: 'zwetschkenröster' } })) as Paginated<DocumentRecord>;
    expect(search.total).toBe(0);
    const adminSearch = (await admin.app.service('documents').find({ query: { client_no: 1001, search: 'zwetschkenröster' } })) as Paginated<DocumentRecord>;
    expect(adminSearch.data.map((d) => d.id)).toEqual([payrollId]);
    await expect(viewer.app.service('documents').get(payrollId)).rejects.toMatchObject({ code: 404 });
    for (const path of ['file', 'words']) expect((await get('client1', `/api/documents/${payrollId}/${path}`)).status).toBe(404);
    // Without pdf the searchable PDF is refused before any document is looked at; with pdf but without dpv it does not exist.
    expect((await get('client1', `/api/documents/${payrollId}/searchable-pdf`)).status).toBe(403);
    expect((await get(await staff('scan.alpenblick', ['doc', 'pdf'], [1001]), `/api/documents/${payrollId}/searchable-pdf`)).status).toBe(404);
    const after = await counts('client1');
    expect(after.notifications).toEqual(before.client1.notifications);
    expect(after).not.toHaveProperty('payroll_notifications');
    expect(pushed).not.toContain(payrollId);
    await expect(viewer.app.service('document-history').find({ query: { documentId: payrollId } })).rejects.toMatchObject({ code: 404 });
  });

  it("takes the extraction's suggestion for a contribution statement", async () => {
    const bytes = await invoicePdf(['Beitragsnachweis Februar 2026', 'Sozialversicherung 812,00']);
    const id = (await session.upload('client1', 1001, [{ name: 'bn.pdf', bytes }])).body.files![0]!.documentId!;
    expect(await extracted('admin', id)).toMatchObject({ payroll: true, payroll_suggested: true });
    await expect((await session.signedIn('client1')).app.service('documents').get(id)).rejects.toMatchObject({ code: 404 });
  });

  it('lets a dpv user mark a document as payroll, and refuses it to others', async () => {
    const bytes = await invoicePdf(['Büro Schreibwaren KG', 'Rechnung 2211', 'Gesamtbetrag 45,00 EUR']);
    const id = (await session.upload('client1', 1001, [{ name: 'bm.pdf', bytes }])).body.files![0]!.documentId!;
    expect(await extracted('admin', id)).toMatchObject({ payroll: false });
    const viewer = await session.signedIn('client1');
    await expect(viewer.app.service('documents').patch(id, { payroll: true })).rejects.toMatchObject({ code: 403 });
    const admin = await session.signedIn('admin');
    await admin.app.service('documents').patch(id, { payroll: true });
    await eventually(async () =>
      viewer.app
        .service('documents')
        .get(id)
        .then(
          () => undefined,
          (e: { code: number }) => (e.code === 404 ? true : undefined),
        ),
    );
  });
});

describe('labels (lab)', () => {
  let id: number;

  it('reads the words under a box, records the label with origin 9 and undoes it', async () => {
    const bytes = await invoicePdf(['Gletscherblick Bergbahnen GmbH', 'Rechnung', 'Rechnungsnummer: RE-2026-0815', 'Gesamtbetrag: 1.200,00 EUR']);
    id = (await session.upload('clerk', 1004, [{ name: 'label.pdf', bytes }])).body.files![0]!.documentId!;
    const doc = await extracted('clerk', id);
    const pages = (await (await get('clerk', `/api/documents/${id}/words`)).json()) as PageWords[];
    const word = pages[0]!.words.find((w) => w.text === 'RE-2026-0815')!;
    expect(word).toBeDefined();
    const clerk = await session.signedIn('clerk');
    const box = { page: 1, x: word.x - 2, y: word.y - 2, width: word.width + 4, height: word.height + 4 };
    const labeled = (await clerk.app
      .service('documents')
      .patch(id, { action: 'label', field: 'payment_reference', box, text: word.text, value: word.text })) as DocumentRecord;
    expect(labeled.labels).toHaveLength(1);
    expect(labeled.labels![0]).toMatchObject({ field: 'payment_reference', value: 'RE-2026-0815', box });
    expect(labeled.booking.payment_reference).toBe('RE-2026-0815');
    expect(labeled.booking_origins.payment_reference).toBe(9);
    const history = (await clerk.app.service('document-history').find({ query: { documentId: id } })) as
      { data: Array<{ type?: string; event?: string }> } | Array<{ type?: string }>;
    expect(JSON.stringify(history)).toContain('DocumentFieldLabeled');
    const undone = (await clerk.app.service('documents').patch(id, { action: 'undo-label', label_id: labeled.labels![0]!.id })) as DocumentRecord;
    expect(undone.labels).toHaveLength(0);
    expect(undone.booking.payment_reference ?? null).toBe(doc.booking.payment_reference ?? null);
  });

  it('refuses labels without lab and bad boxes with a clear error', async () => {
    // The accountant reads and edits 1001's documents but has no lab.
    const own = (await session.upload('accountant', 1001, [{ name: 'own.pdf', bytes: await invoicePdf(['Rechnung 77', 'Gesamtbetrag 10,00 EUR']) }])).body
      .files![0]!.documentId!;
    const accountant = await session.signedIn('accountant');
    await expect(
      accountant.app
        .service('documents')
        .patch(own, { action: 'label', field: 'invoice_number', box: { page: 1, x: 1, y: 1, width: 5, height: 5 }, text: 'x', value: 'x' }),
    ).rejects.toMatchObject({ code: 403 });
    await expect(accountant.app.service('documents').patch(own, { action: 'undo-label', label_id: 'x1' })).rejects.toMatchObject({ code: 403 });
    const clerk = await session.signedIn('clerk');
    await expect(
      clerk.app
        .service('documents')
        .patch(id, { action: 'label', field: 'invoice_number', box: { page: 9, x: 1, y: 1, width: 5, height: 5 }, text: 'x', value: 'x' }),
    ).rejects.toMatchObject({ code: 422, message: 'The page 9 does not exist in the document.' });
    await expect(
      clerk.app
        .service('documents')
        .patch(id, { action: 'label', field: 'nonsense', box: { page: 1, x: 1, y: 1, width: 5, height: 5 }, text: 'x', value: 'x' }),
    ).rejects.toMatchObject({ code: 400 });
  });
});

describe('searchable PDF (pdf)', () => {
  it('writes a searchable PDF for a scan, serves it to pdf users only, and keeps the original untouched', async () => {
    const png = await scanPng(['Rechnung 4711', 'Kaiserschmarrn Lieferung', 'Gesamtbetrag 99,00 EUR']);
    const id = (await session.upload('admin', 1001, [{ name: 'scan.png', bytes: png }])).body.files![0]!.documentId!;
    const doc = await extracted('admin', id);
    expect(doc.searchable_pdf).toMatchObject({ pages: 1, pdfa: true });
    const res = await get('admin', `/api/documents/${id}/searchable-pdf?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('scan-searchable.pdf');
    const searchable = Buffer.from(await res.arrayBuffer());
    expect(searchable.subarray(0, 5).toString()).toBe('%PDF-');
    // Its text layer (read again, no OCR) holds the scan's words.
    const ocr = new OcrEngine();
    const layer = await extractDocument({ bytes: searchable, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false }).finally(() => ocr.terminate());
    expect(layer.pageOrigins).toEqual([2]);
    expect(layer.text).toContain('Kaiserschmarrn');
    const original = Buffer.from(await (await get('admin', `/api/documents/${id}/file`)).arrayBuffer());
    expect(original.equals(png)).toBe(true);
    expect((await get('client1', `/api/documents/${id}/searchable-pdf`)).status).toBe(403);
    expect((await get(await staff('scan.mueller', ['doc', 'pdf'], [1004]), `/api/documents/${id}/searchable-pdf`)).status).toBe(404);
  });

  it('answers POST /api/ocr with a searchable PDF for pdf users, 403 for others and 400 for bad input', async () => {
    const send = async (user: string | null, bytes: Buffer | null, name = 'scan.png') => {
      const form = new FormData();
      if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
      return fetch(`${session.url}/api/ocr`, { method: 'POST', body: form, headers: user ? await bearer(user) : {} });
    };
    expect((await send(null, Buffer.from('x'))).status).toBe(401);
    expect((await send('client1', await scanPng(['x']))).status).toBe(403);
    const bad = await send('admin', Buffer.from('MZ not an image'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('PDF, PNG, JPEG or TIFF');
    expect((await send('admin', null)).status).toBe(400);
    const ok = await send('admin', await scanPng(['Apfelstrudel 12,50']));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('x-pdf-a')).toBe('2b');
  });

  it('reads every page of a TIFF scan: its searchable PDF for a document, and from the OCR service', async () => {
    const tiff = await textScan(
      [
        ['Rechnung 815', 'Zirbenschnaps Lieferung'],
        ['Seite 2', 'Gesamtbetrag 48,00 EUR'],
      ],
      'tiff',
    );
    const id = (await session.upload('admin', 1001, [{ name: 'scan.tif', bytes: tiff }])).body.files![0]!.documentId!;
    expect(await extracted('admin', id)).toMatchObject({ pages: 2, searchable_pdf: { pages: 2, pdfa: true } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(tiff)]), 'scan.tif');
    const res = await fetch(`${session.url}/api/ocr`, { method: 'POST', body: form, headers: await bearer('admin') });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-pdf-a')).toBe('2b');
    const ocr = new OcrEngine();
    const layer = await extractDocument({ bytes: Buffer.from(await res.arrayBuffer()), mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false }).finally(
      () => ocr.terminate(),
    );
    expect(layer.pages).toBe(2);
    expect(layer.text).toContain('Zirbenschnaps');
  });
});
