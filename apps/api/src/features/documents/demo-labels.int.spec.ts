import type { DocumentRecord, Paginated } from '@portal/contracts';
import { eventually, PortalSession } from '@portal/tools';
import { DEMO_LABEL_SUPPLIER } from './demo-labels';

jest.setTimeout(300_000);

// A demo portal with demo documents (one generated invoice per company besides the feature seeds).
const session = PortalSession.start({ PORTAL_SEED_DOCUMENTS: '1' });
const list = async (user: string, query: Record<string, unknown>) =>
  ((await (await session.signedIn(user)).app.service('documents').find({ query: { $limit: 200, ...query } })) as Paginated<DocumentRecord>).data;

describe('the demo labels and payroll documents', () => {
  it("has three invoices of one supplier labeled by the clerk and a fourth read with the supplier's model", async () => {
    const fourth = await eventually(async () => {
      const docs = await list('clerk', { client_no: 1004, search: 'Isartal' });
      const learned = docs.find((d) => d.learned);
      return docs.length === 4 && learned ? learned : undefined;
    }, 240_000);
    const clerk = await session.signedIn('clerk');
    const docs = await list('clerk', { client_no: 1004, search: 'Isartal' });
    const labeled = await Promise.all(docs.filter((d) => d.id !== fourth.id).map((d) => clerk.app.service('documents').get(d.id) as Promise<DocumentRecord>));
    expect(labeled.map((d) => d.labels?.map((l) => l.field))).toEqual([['payment_reference'], ['payment_reference'], ['payment_reference']]);
    const full = (await clerk.app.service('documents').get(fourth.id)) as DocumentRecord;
    expect(full.learned).toMatchObject({ supplier_name: expect.stringContaining('Isartal') as unknown, fields: ['payment_reference'], examples: 3 });
    expect(full.booking.payment_reference).toBe('KR-5152');
    expect(full.field_origins.payment_reference).toBe(10);
    expect(DEMO_LABEL_SUPPLIER).toContain('Isartal');
  });

  it('has payroll documents of Alpenblick that only users with dpv see', async () => {
    const payroll = await eventually(async () => {
      const docs = (await list('admin', { client_no: 1001 })).filter((d) => d.payroll);
      return docs.length === 3 ? docs : undefined;
    }, 120_000);
    expect(payroll.map((d) => d.file_name).sort()).toEqual([
      'Beitragsnachweis_OEGK_2026-02.pdf',
      'Lohnabrechnung_2026-02_Huber.pdf',
      'Lohnkonto_2025_Gruber.pdf',
    ]);
    for (const user of ['client1', 'accountant']) expect((await list(user, { client_no: 1001 })).filter((d) => d.payroll)).toEqual([]);
  });
});
