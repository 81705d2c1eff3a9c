import type { DocumentRecord, PageWords } from '@portal/contracts';
import { eventually, invoicePdf, PortalSession } from '../../testing/portal-session.testing';

jest.setTimeout(400_000);

const session = PortalSession.start();
const supplierInvoice = (n: number) =>
  invoicePdf(['Zirbenholz Tischlerei GmbH', 'Rechnung', `Rechnungsnummer: ZT-${1000 + n}`, `Rechnungsdatum: 0${n}.03.2026`, `Kundenreferenz: KR-${4400 + n * 7}`, 'Nettobetrag: 100,00 EUR', 'USt 20 %: 20,00 EUR', 'Gesamtbetrag: 120,00 EUR']);

async function uploaded(n: number): Promise<DocumentRecord> {
  const reply = await session.upload('clerk', 1004, [{ name: `zirbenholz-${n}.pdf`, bytes: await supplierInvoice(n) }]);
  const id = reply.body.files![0]!.documentId!;
  const clerk = await session.signedIn('clerk');
  return eventually(async () => {
    const doc = (await clerk.app.service('documents').get(id)) as DocumentRecord;
    return doc.extraction === 'done' ? doc : undefined;
  }, 240_000);
}

describe('learning per supplier', () => {
  it('reads a field labeled on three invoices of a supplier on its fourth, with origin Machine_Learning 10', async () => {
    const clerk = await session.signedIn('clerk');
    for (const n of [1, 2, 3]) {
      const doc = await uploaded(n);
      // The reader does not take a customer reference for a payment reference; after one label the model does.
      if (n === 1) expect(doc.booking.payment_reference ?? null).toBeNull();
      else expect(doc.booking.payment_reference).toBe(`KR-${4400 + n * 7}`);
      const pages = (await (await fetch(`${session.url}/api/documents/${doc.id}/words`, { headers: { Authorization: `Bearer ${await session.token('clerk')}` } })).json()) as PageWords[];
      const word = pages[0]!.words.find((w) => w.text === `KR-${4400 + n * 7}`)!;
      const box = { page: 1, x: word.x - 2, y: word.y - 2, width: word.width + 4, height: word.height + 4 };
      await clerk.app.service('documents').patch(doc.id, { action: 'label', field: 'payment_reference', box, text: word.text, value: word.text });
    }
    // The supplier model is a read model: give the projector a moment before the next upload.
    await new Promise((r) => setTimeout(r, 1500));
    const fourth = await uploaded(4);
    expect(fourth.booking.payment_reference).toBe('KR-4428');
    expect(fourth.field_origins.payment_reference).toBe(10);
    expect(fourth.learned).toMatchObject({ fields: expect.arrayContaining(['payment_reference']) as unknown, examples: 3 });
  });
});
