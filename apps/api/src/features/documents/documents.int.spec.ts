import type { DocumentRecord, Paginated } from '@portal/contracts';
import { generateDemoInvoices } from '@portal/demo-data';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeWithFixtures, eventually, invoicePdf, PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const ownInvoice = async () =>
  (
    await generateDemoInvoices({
      companyNo: 1001,
      companyName: 'Alpenblick Gastronomie GmbH',
      companyPlace: 'Innsbruck',
      count: 1,
      seed: 7,
      today: new Date('2026-01-15T00:00:00Z'),
    })
  )[0]!;
const session = PortalSession.start();
const token = (user: string) => session.token(user);
const signedIn = (user: string) => session.signedIn(user);
const upload = (user: string, client: number, files: Array<{ name: string; bytes: Buffer }>, category = 'ER_U') =>
  session.upload(user, client, files, category);

describe('documents: upload, extraction, lists, search, trash', () => {
  let documentId: number;

  it('uploads a PDF, pushes it to the ER_U list and extracts its fields without a reload', async () => {
    const viewer = await signedIn('client1');
    const created = new Promise<DocumentRecord>((resolve) => viewer.app.service('documents').once('created', resolve));
    const bytes = await invoicePdf([
      'Gletscherblick Bergbahnen GmbH',
      'Rechnung',
      'Rechnungsnummer: RE-2026-0815',
      'Rechnungsdatum: 12.03.2026',
      'Nettobetrag: 1.000,00 EUR',
      'USt 20 %: 200,00 EUR',
      'Gesamtbetrag: 1.200,00 EUR',
      'IBAN: AT61 1904 3002 3457 3201',
      'Lieblingswort: Zirbenholzstube',
    ]);
    const { status, body } = await upload('client1', 1001, [{ name: 'Rechnung Gletscherblick.pdf', bytes }]);
    expect(status).toBe(201);
    documentId = body.files![0]!.documentId!;
    expect((await created).id).toBe(documentId);
    const page = (await viewer.app.service('documents').find({ query: { tab: 'ER_U', client_no: 1001 } })) as Paginated<DocumentRecord>;
    expect(page.data.map((d) => d.id)).toContain(documentId);
    const extracted = await eventually(async () => {
      const doc = (await viewer.app.service('documents').get(documentId)) as DocumentRecord;
      return doc.extraction === 'done' ? doc : undefined;
    });
    expect(extracted).toMatchObject({ invoice_number: 'RE-2026-0815', invoice_date: '2026-03-12', gross_amount: 1200, origin: 2 });
    expect(extracted.fields.iban).toBe('AT611904300234573201');
    expect(extracted.field_confidence?.gross_amount).toBeGreaterThanOrEqual(0.95);
    expect(extracted.fields.document_kind).toBe('invoice');
    expect(extracted.text).toContain('Zirbenholzstube');
  });

  it('answers a second upload of the same bytes with "Document already exists."', async () => {
    const bytes = await invoicePdf(['Duplikat Test GmbH', 'Rechnung 4711']);
    expect((await upload('client1', 1001, [{ name: 'a.pdf', bytes }])).status).toBe(201);
    const again = await upload('client1', 1001, [{ name: 'b.pdf', bytes }]);
    expect(again.status).toBe(400);
    expect(again.body.files![0]!.error).toMatchObject({ name: 'Conflict', message: 'Document already exists.' });
  });

  it('refuses a file whose bytes are not a document, whatever its name says', async () => {
    const res = await upload('client1', 1001, [{ name: 'invoice.pdf', bytes: Buffer.from('MZ this is an executable') }]);
    expect(res.body.files![0]!.error!.name).toBe('BadRequest');
  });

  it('refuses an upload without a token, for another client, or without the permission', async () => {
    const anonymous = await fetch(`${session.url}/api/documents/upload?client=1001`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const bytes = await invoicePdf(['x']);
    expect((await upload('client1', 1002, [{ name: 'x.pdf', bytes }])).status).toBe(404);
    expect((await upload('auditor', 1002, [{ name: 'x.pdf', bytes }])).status).toBe(403);
  });

  it("hides another client's document: NotFound, never its data", async () => {
    const other = await signedIn('clerk');
    await expect(other.app.service('documents').get(documentId)).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    const download = await fetch(`${session.url}/api/documents/${documentId}/file`, { headers: { Authorization: `Bearer ${await token('clerk')}` } });
    expect(download.status).toBe(404);
  });

  it('serves the untouched original to a permitted user', async () => {
    const res = await fetch(`${session.url}/api/documents/${documentId}/file`, { headers: { Authorization: `Bearer ${await token('client1')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('finds the document by a word of its text, with a highlighted snippet', async () => {
    const viewer = await signedIn('client1');
    const hits = (await viewer.app.service('documents').find({ query: { search: 'zirbenholzstube', client_no: 1001 } })) as Paginated<
      DocumentRecord & { snippet: { text: string; highlights: Array<[number, number]> } }
    >;
    expect(hits.data.map((d) => d.id)).toEqual([documentId]);
    const [start, end] = hits.data[0]!.snippet.highlights[0]!;
    expect(hits.data[0]!.snippet.text.slice(start, end).toLowerCase()).toBe('zirbenholzstube');
  });

  it('moves it to the trash and restores it, with the counts following', async () => {
    const viewer = await signedIn('client1');
    const before = (await viewer.app.service('accounting-client').get(1001)) as { notifications: { invoices: number } };
    await viewer.app.service('documents').remove(documentId);
    const trash = (await viewer.app.service('documents').find({ query: { tab: 'Deleted', client_no: 1001 } })) as Paginated<DocumentRecord>;
    expect(trash.data.find((d) => d.id === documentId)).toMatchObject({ deleted: true, purge_after: expect.any(String) });
    const during = (await viewer.app.service('accounting-client').get(1001)) as { notifications: { invoices: number } };
    expect(during.notifications.invoices).toBe(before.notifications.invoices - 1);
    await viewer.app.service('documents').patch(documentId, { deleted: false });
    const list = (await viewer.app.service('documents').find({ query: { tab: 'ER_U', client_no: 1001 } })) as Paginated<DocumentRecord>;
    expect(list.data.map((d) => d.id)).toContain(documentId);
  });

  it('reads a structured XRechnung invoice with the XML values winning', async () => {
    const invoice = await ownInvoice();
    const xml = Buffer.from(invoice.xml.ubl);
    const { body } = await upload('client1', 1001, [{ name: 'xrechnung.xml', bytes: xml }]);
    const viewer = await signedIn('client1');
    const doc = await eventually(async () => {
      const d = (await viewer.app.service('documents').get(body.files![0]!.documentId!)) as DocumentRecord;
      return d.extraction === 'done' ? d : undefined;
    });
    expect(doc.origin).toBe(50);
    expect(doc.einvoice).toMatchObject({ syntax: 'UBL', source: 'xml-file' });
    expect(doc.invoice_number).toBe(invoice.expected.invoice_number);
  });

  it('flags a broken PDF with a clear reason and keeps the queue going', async () => {
    // Cut off after 15 bytes, like the Factur-X sample corrupt-factur-x-waytoosmall.pdf.
    const broken = (await ownInvoice()).bytes.subarray(0, 15);
    const { body } = await upload('client1', 1001, [
      { name: 'broken.pdf', bytes: broken },
      { name: 'after.pdf', bytes: await invoicePdf(['Nach dem Fehler GmbH', 'Rechnung 99']) },
    ]);
    const viewer = await signedIn('client1');
    const [brokenDoc, after] = await eventually(async () => {
      const docs = await Promise.all(body.files!.map(async (f) => (await viewer.app.service('documents').get(f.documentId!)) as DocumentRecord));
      return docs.every((d) => d.extraction !== 'pending') ? docs : undefined;
    });
    expect(brokenDoc).toMatchObject({ invalid: true, extraction: 'failed', problem: expect.stringMatching(/\w+/) });
    expect(after!.extraction).toBe('done');
  });

  it('answers bad list queries with BadRequest', async () => {
    const viewer = await signedIn('client1');
    await expect(viewer.app.service('documents').find({ query: { tab: 'Nope' } })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(viewer.app.service('documents').find({ query: { text: 'x' } })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(viewer.app.service('documents').patch(documentId, { title: '' })).rejects.toMatchObject({ code: 422 });
  });
});

describeWithFixtures('xrechnung', 'documents: the file an official XRechnung test case embeds', (DIR) => {
  it('lists it in the readable terms and hands it out as a download with the document read rule, never to another client', async () => {
    const xml = readFileSync(path.join(DIR, '02.01a-INVOICE_ubl.xml'));
    const { body } = await upload('client1', 1001, [{ name: '02.01a-INVOICE_ubl.xml', bytes: xml }]);
    const id = body.files![0]!.documentId!;
    const viewer = await signedIn('client1');
    const doc = await eventually(async () => {
      const d = (await viewer.app.service('documents').get(id)) as DocumentRecord;
      return d.extraction === 'done' ? d : undefined;
    });
    const [listed] = doc.einvoice?.terms?.attachments ?? [];
    expect(listed).toMatchObject({ filename: '01_15_Anhang_01.pdf', mime: 'application/pdf', embedded: true, size: expect.any(Number) });
    const get = async (user: string | null, number = 1) =>
      fetch(`${session.url}/api/documents/${id}/einvoice-attachments/${number}`, { headers: user ? { Authorization: `Bearer ${await token(user)}` } : {} });
    const res = await get('client1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''01_15_Anhang_01.pdf");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(listed!.size);
    expect((await get('clerk')).status).toBe(404);
    expect((await get(null)).status).toBe(401);
    expect((await get('client1', 2)).status).toBe(404);
  });
});
