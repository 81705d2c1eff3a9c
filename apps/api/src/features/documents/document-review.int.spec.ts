import { DOCUMENT_FLAGS, type DocumentRecord } from '@portal/contracts';
import { eventually, invoicePdf, PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start();
const signedIn = (user: string) => session.signedIn(user);

async function invoice(lines: string[]): Promise<number> {
  const { body } = await session.upload('client1', 1001, [{ name: `${lines[0]}.pdf`, bytes: await invoicePdf(lines) }]);
  const id = body.files![0]!.documentId!;
  const viewer = await signedIn('accountant');
  return eventually(async () => (((await viewer.app.service('documents').get(id)) as DocumentRecord).extraction !== 'pending' ? id : undefined));
}

const lines = (name: string) => [
  name,
  'Rechnung',
  `Rechnungsnummer: RE-${name.length}`,
  'Rechnungsdatum: 12.03.2026',
  'Nettobetrag: 100,00 EUR',
  'USt 20 %: 20,00 EUR',
  'Gesamtbetrag: 120,00 EUR',
];

describe('documents patch: edit, confirm, book, mark exported', () => {
  let id: number;
  beforeAll(async () => {
    id = await invoice(lines('Gletscher Bergbahnen GmbH'));
  });

  it('records a field edit with origin Human_Labeling and shows "Sum incorrect" without blocking the draft', async () => {
    const accountant = await signedIn('accountant');
    const before = (await accountant.app.service('documents').get(id)) as DocumentRecord;
    const doc = (await accountant.app.service('documents').patch(
      id,
      {
        fields: {
          supplier_account: '345678',
          expense_account: '510000',
          net_amount: 100,
          tax_amount: 20,
          gross_amount: 130,
          tax_rate: 20,
          document_type: 'FS',
          iban: 'AT61 1904 3002 3457 3201',
        },
      },
      { query: { revision: before.revision } },
    )) as DocumentRecord;
    expect(doc.booking).toMatchObject({ supplier_account: '345678', gross_amount: 130, document_type: 'FS', iban: 'AT611904300234573201' });
    expect(doc.booking_origins).toMatchObject({ supplier_account: 9, gross_amount: 9 });
    expect(doc.gross_amount).toBe(130);
    expect(doc.issues).toEqual([
      expect.objectContaining({ key: 'sumIncorrect', message: 'Sum incorrect (sum 120.00, difference 10.00)', params: { sum: 120, difference: 10 } }),
    ]);
    expect(doc.revision).toBeGreaterThan(before.revision);
  });

  it('refuses an invalid IBAN and a short account with the spec texts and the issues for the form', async () => {
    const documents = (await signedIn('accountant')).app.service('documents');
    await expect(documents.patch(id, { fields: { iban: 'AT61 1904 3002 3457 3202' } })).rejects.toMatchObject({
      name: 'Unprocessable',
      code: 422,
      message: 'IBAN invalid',
      data: { issues: [expect.objectContaining({ field: 'iban', key: 'ibanInvalid' })] },
    });
    await expect(documents.patch(id, { fields: { expense_account: '5100' } })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Six digits required' });
    await expect(documents.patch(id, { fields: { colour: 'red' } })).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it('refuses to confirm while the sum is incorrect, naming sum and difference', async () => {
    const documents = (await signedIn('accountant')).app.service('documents');
    await expect(documents.patch(id, { action: 'confirm' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'Cannot confirm: Sum incorrect (sum 120.00, difference 10.00)',
    });
  });

  it('answers Conflict with the newer state when two people edit the same revision', async () => {
    const first = (await signedIn('accountant')).app.service('documents');
    const second = (await signedIn('admin')).app.service('documents');
    const seen = (await first.get(id)) as DocumentRecord;
    await first.patch(id, { fields: { gross_amount: 120 } }, { query: { revision: seen.revision } });
    const lost = await second
      .patch(id, { fields: { gross_amount: 125 } }, { query: { revision: seen.revision } })
      .catch((e: { name: string; code: number; data: { current: DocumentRecord } }) => e);
    expect(lost).toMatchObject({ name: 'Conflict', code: 409 });
    const current = (lost as { data: { current: DocumentRecord } }).data.current;
    expect(current.booking.gross_amount).toBe(120);
    expect(current.revision).toBe(seen.revision + 1);
    expect(((await first.get(id)) as DocumentRecord).booking.gross_amount).toBe(120);
  });

  it('lets exactly one of two simultaneous edits of the same revision win', async () => {
    const a = (await signedIn('accountant')).app.service('documents');
    const b = (await signedIn('admin')).app.service('documents');
    const seen = (await a.get(id)) as DocumentRecord;
    const results = await Promise.allSettled([
      a.patch(id, { fields: { subject: 'A' } }, { query: { revision: seen.revision } }),
      b.patch(id, { fields: { subject: 'B' } }, { query: { revision: seen.revision } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { name: 'Conflict' } });
  });

  it('confirms with app and pushes the change live to another viewer of the document', async () => {
    const viewer = await signedIn('admin');
    const patched = new Promise<DocumentRecord>((resolve) =>
      viewer.app.service('documents').on('patched', (d: DocumentRecord) => d.id === id && d.confirmed && resolve(d)),
    );
    const documents = (await signedIn('accountant')).app.service('documents');
    await expect(documents.patch(id, { action: 'book' })).rejects.toMatchObject({ name: 'Conflict', message: 'Only confirmed documents can be booked.' });
    const doc = (await documents.patch(id, { action: 'confirm' })) as DocumentRecord;
    expect(doc).toMatchObject({ confirmed: true, category: 'ER', confirmed_by: expect.any(String) });
    expect((await patched).category).toBe('ER');
  });

  it('records a correction of the confirmed document and refuses one that breaks the sum', async () => {
    const documents = (await signedIn('accountant')).app.service('documents');
    const doc = (await documents.patch(id, { fields: { cost_center: 'KST100' } })) as DocumentRecord;
    expect(doc.booking.cost_center).toBe('KST100');
    await expect(documents.patch(id, { fields: { gross_amount: 99 } })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: expect.stringMatching(/^A confirmed document must stay consistent: Sum incorrect/),
    });
  });

  it('books with acc, then refuses further edits', async () => {
    const documents = (await signedIn('accountant')).app.service('documents');
    const doc = (await documents.patch(id, { action: 'book' })) as DocumentRecord;
    expect(doc).toMatchObject({ booked: true, locked: true, booked_by: expect.any(String) });
    await expect(documents.patch(id, { fields: { subject: 'zu spät' } })).rejects.toMatchObject({
      name: 'Conflict',
      message: 'A booked document cannot be changed.',
    });
  });

  it('marks an import error and then the import with exp, setting the flags of spec §3', async () => {
    const documents = (await signedIn('accountant')).app.service('documents');
    const failed = (await documents.patch(id, { action: 'mark-exported', status: 'error', reason: 'Konto 345678 fehlt in der Buchhaltung' })) as DocumentRecord;
    expect(failed.flags & DOCUMENT_FLAGS.ERPError).toBe(DOCUMENT_FLAGS.ERPError);
    expect(failed).toMatchObject({ erp_status: 'error', erp_reason: 'Konto 345678 fehlt in der Buchhaltung' });
    const imported = (await documents.patch(id, { action: 'mark-exported', status: 'imported', reason: 'DATEV-Stapel 03/2026' })) as DocumentRecord;
    expect(imported.flags & (DOCUMENT_FLAGS.ERPImported | DOCUMENT_FLAGS.ERPError)).toBe(DOCUMENT_FLAGS.ERPImported);
  });
});

describe('documents patch: authorization matrix', () => {
  let id: number;
  beforeAll(async () => {
    id = await invoice(lines('Matrix Installationen GmbH'));
  });

  const cases: Array<[user: string, data: object, expected: string]> = [
    ['client1', { fields: { subject: 'x' } }, 'Forbidden'],
    ['client1', { action: 'confirm' }, 'Forbidden'],
    ['client1', { action: 'book' }, 'Forbidden'],
    ['client1', { action: 'mark-exported', status: 'info', reason: 'x' }, 'Forbidden'],
    ['auditor', { fields: { subject: 'x' } }, 'Forbidden'],
    ['auditor', { action: 'confirm' }, 'Forbidden'],
    ['approver', { action: 'confirm' }, 'NotFound'],
    ['clerk', { fields: { subject: 'x' } }, 'NotFound'],
  ];

  it.each(cases)('answers %s patching %j with %s', async (user, data, expected) => {
    const documents = (await signedIn(user)).app.service('documents');
    await expect(documents.patch(id, data)).rejects.toMatchObject({ name: expected });
  });

  it('still lets a client with doc rename the document', async () => {
    const documents = (await signedIn('client1')).app.service('documents');
    expect(((await documents.patch(id, { title: 'Matrix März' })) as DocumentRecord).title).toBe('Matrix März');
  });

  it('lets the accountant edit, confirm, book and mark exported', async () => {
    const documents = (await signedIn('accountant')).app.service('documents');
    await documents.patch(id, { fields: { supplier_account: '345679' } });
    await documents.patch(id, { action: 'confirm' });
    await documents.patch(id, { action: 'book' });
    const doc = (await documents.patch(id, { action: 'mark-exported', status: 'imported', reason: '' })) as DocumentRecord;
    expect(doc.flags & (DOCUMENT_FLAGS.Confirmed | DOCUMENT_FLAGS.Booked | DOCUMENT_FLAGS.ERPImported)).toBe(7);
  });
});
