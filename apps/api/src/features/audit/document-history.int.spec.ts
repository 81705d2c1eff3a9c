import type { DocumentAsOf, DocumentHistory, DocumentRecord, PaymentQr } from '@portal/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { connectFeathers, type FeathersPeer } from '@portal/tools';
import { PORTAL_START_MS, startPortalProcess, type PortalProcess } from '@portal/tools';

jest.setTimeout(120_000);

let portal: PortalProcess;
const peers: FeathersPeer[] = [];
let documentId: number;

async function signedIn(user: string) {
  const peer = connectFeathers(portal.url);
  peers.push(peer);
  await peer.app.authenticate({ strategy: 'jwt', accessToken: await portal.token(user) });
  return peer;
}

async function invoicePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}

beforeAll(async () => {
  portal = await startPortalProcess({ env: { PORTAL_SEED_DOCUMENTS: '0' } });
  const form = new FormData();
  const bytes = await invoicePdf([
    'Gletscherblick Bergbahnen GmbH',
    'Rechnung',
    'Rechnungsnummer: RE-2026-0815',
    'Rechnungsdatum: 12.03.2026',
    'Nettobetrag: 1.000,00 EUR',
    'USt 20 %: 200,00 EUR',
    'Gesamtbetrag: 1.200,00 EUR',
    'IBAN: AT61 1904 3002 3457 3201',
  ]);
  form.append('files', new Blob([new Uint8Array(bytes)]), 'Rechnung.pdf');
  const res = await fetch(`${portal.url}/api/documents/upload?client=1001&category=ER_U`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await portal.token('client1')}` },
  });
  documentId = ((await res.json()) as { files: Array<{ documentId: number }> }).files[0]!.documentId;
  const viewer = await signedIn('client1');
  for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 200))) {
    if (((await viewer.app.service('documents').get(documentId)) as DocumentRecord).extraction === 'done') break;
    if (Date.now() > deadline) throw new Error('extraction did not finish');
  }
  await viewer.app.service('documents').patch(documentId, { title: 'Gletscherblick März' });
}, PORTAL_START_MS);
afterAll(async () => {
  for (const p of peers) p.close();
  await portal?.stop();
});

describe('document-history and payment-qr over the gateway', () => {
  it('shows the timeline of an uploaded, extracted and renamed invoice with an intact chain', async () => {
    const accountant = await signedIn('accountant');
    const history = (await accountant.app.service('document-history').find({ query: { documentId } })) as DocumentHistory;
    expect(history.chain).toEqual({ intact: true });
    expect(history.entries[0]).toMatchObject({ kind: 'uploaded', clientNo: 1001, user: { username: 'client1', name: 'Clemens Gruber' } });
    const rename = history.entries.find((e) => e.kind === 'renamed')!;
    expect(rename.changes).toContainEqual({ field: 'title', old: expect.any(String), new: 'Gletscherblick März' });
  });

  it('renders the document as of its first event', async () => {
    const accountant = await signedIn('accountant');
    const first = (await accountant.app.service('document-history').get(documentId, { query: { asOf: 0 } })) as DocumentAsOf;
    expect(first.document).toMatchObject({ id: documentId, extraction: 'pending', confirmed: false });
  });

  it('hides the history from a user of other clients with NotFound', async () => {
    const clerk = await signedIn('clerk');
    await expect(clerk.app.service('document-history').find({ query: { documentId } })).rejects.toMatchObject({
      name: 'NotFound',
      message: 'document does not exist or access denied',
    });
  });

  it('answers the GiroCode of the invoice to a user with pay and Forbidden without it', async () => {
    const client1 = await signedIn('client1');
    const qr = (await client1.app.service('payment-qr').get(documentId)) as PaymentQr;
    const lines = qr.payload.split('\n');
    expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
    expect(lines.slice(6, 8)).toEqual(['AT611904300234573201', 'EUR1200.00']);
    expect(qr.svg).toContain('<svg');
    const clerk = await signedIn('clerk');
    await expect(clerk.app.service('payment-qr').get(documentId)).rejects.toMatchObject({ name: 'Forbidden' });
  });
});
