import type { DocumentRecord, PageWords } from '@portal/contracts';
import { eventually, invoicePdf, PortalSession } from '@portal/tools';

jest.setTimeout(400_000);

const session = PortalSession.start();
const supplierInvoice = (n: number) =>
  invoicePdf([
    'Zirbenholz Tischlerei GmbH',
    'Rechnung',
    `Rechnungsnummer: ZT-${1000 + n}`,
    `Rechnungsdatum: 0${n}.03.2026`,
    `Kundenreferenz: KR-${4400 + n * 7}`,
    'Nettobetrag: 100,00 EUR',
    'USt 20 %: 20,00 EUR',
    'Gesamtbetrag: 120,00 EUR',
  ]);

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
      const pages = (await (
        await fetch(`${session.url}/api/documents/${doc.id}/words`, { headers: { Authorization: `Bearer ${await session.token('clerk')}` } })
      ).json()) as PageWords[];
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

  it('learns from a confirmed invoice too (Human_Confirmation 12): the value a person confirmed is read on the next invoice', async () => {
    const admin = await session.signedIn('admin');
    const invoice = (n: number) =>
      invoicePdf([
        'Lärchenhof Sägewerk KG',
        'Rechnung',
        `Rechnungsnummer: LS-${200 + n}`,
        `Rechnungsdatum: 1${n}.03.2026`,
        `Auftragsnummer: AU-${7700 + n * 3}`,
        'Nettobetrag: 50,00 EUR',
        'USt 20 %: 10,00 EUR',
        'Gesamtbetrag: 60,00 EUR',
      ]);
    const read = async (n: number) => {
      const id = (await session.upload('admin', 1001, [{ name: `laerchenhof-${n}.pdf`, bytes: await invoice(n) }])).body.files![0]!.documentId!;
      return eventually(async () => {
        const doc = (await admin.app.service('documents').get(id)) as DocumentRecord;
        return doc.extraction === 'done' ? doc : undefined;
      }, 240_000);
    };
    const first = await read(1);
    expect(first.booking.payment_reference ?? null).toBeNull();
    await admin.app.service('documents').patch(first.id, { fields: { payment_reference: 'AU-7703' } });
    const confirmed = (await admin.app.service('documents').patch(first.id, { action: 'confirm' })) as DocumentRecord;
    expect(confirmed.confirmed).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    const second = await read(2);
    expect(second.booking.payment_reference).toBe('AU-7706');
    expect(second.field_origins.payment_reference).toBe(10);
    expect(second.learned).toMatchObject({ fields: ['payment_reference'], examples: 1 });
  });
});
