import { DEFAULT_TIME_ZONE, dayIn, type FirmOverviewRow, type Paginated, type ReportResult, type Responsibility, type VatReport } from '@portal/contracts';
import { eventually, invoicePdf, PortalSession } from '@portal/tools';

jest.setTimeout(180_000);

const session = PortalSession.start();
const YEAR = new Date().getUTCFullYear();
/** The firm's calendar day, as the server dates bookings and reports (UTC's differs around midnight). */
const today = () => dayIn(DEFAULT_TIME_ZONE, new Date());
const download = async (username: string | null, path: string) =>
  fetch(`${session.url}/api/reports/${path}`, { headers: username ? { authorization: `Bearer ${await session.token(username)}` } : {} });

/** An incoming invoice uploaded, filled in, confirmed and booked through the services, as the work screen does it. */
async function bookedInvoice(clientNo: number, net: number, tax: number, taxCode: string | null = null): Promise<number> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const reply = await session.upload('admin', clientNo, [{ name: `r-${tag}.pdf`, bytes: await invoicePdf([`Rechnung ${tag}`]) }]);
  const id = reply.body.files![0]!.documentId!;
  const documents = (await session.signedIn('admin')).app.service('documents');
  await eventually(async () => (((await documents.get(id)) as { extraction?: string } | undefined)?.extraction !== 'pending' ? true : undefined));
  await documents.patch(id, {
    fields: {
      invoice_number: `R-${tag}`,
      invoice_date: today(),
      biller: 'Lieferant GmbH',
      supplier_account: '330000',
      expense_account: '510000',
      currency: 'EUR',
      net_amount: net,
      tax_amount: tax,
      gross_amount: Math.round((net + tax) * 100) / 100,
      tax_rate: 20,
      due_date: today(),
      ...(taxCode ? { tax_code: taxCode } : {}),
    },
  });
  await documents.patch(id, { action: 'confirm' });
  await documents.patch(id, { action: 'book' });
  return id;
}

describe('report downloads (GET /api/reports/:client/:report.csv|pdf)', () => {
  const period = `from=${YEAR}-01-01&to=${YEAR}-12-31`;

  it('answers 401 without a token, 403 without rep, 404 for another client and 400 for bad input', async () => {
    expect((await download(null, `1001/vat.csv?${period}`)).status).toBe(401);
    const forbidden = await download('clerk', `1004/vat.csv?${period}`);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ name: 'Forbidden', message: 'Report downloads need the permission rep.' });
    expect((await download('accountant', `1004/vat.pdf?${period}`)).status).toBe(404);
    expect((await download('accountant', `1001/profit.csv?${period}`)).status).toBe(400);
    expect((await download('accountant', `1001/vat.csv?from=${YEAR}-13-01&to=${YEAR}-12-31`)).status).toBe(400);
    expect((await download('accountant', `1001/vat.csv?${period}&asOf=2999-01-01`)).status).toBe(400);
  });

  it("writes the CSV in the language asked for, else in the user's", async () => {
    const german = await (await download('accountant', `1001/vat.csv?${period}`)).text();
    expect(german).toContain('"Umsatzsteuer-Übersicht"');
    expect(german).toContain('"060";"Vorsteuer"');
    const english = await (await download('accountant', `1001/vat.csv?${period}&lang=en`)).text();
    expect(english).toContain('"060";"Input tax"');
    const pdf = await download('admin', `1001/parties.pdf?${period}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});

describe('reports as of a log position', () => {
  it('counts a booking live and not as of the position before it; a position beyond the log is refused', async () => {
    const reports = (await session.signedIn('admin')).app.service('reports');
    const query = { client_no: 1002, report: 'vat', from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
    const before = (await reports.find({ query })) as ReportResult;
    await bookedInvoice(1002, 100, 20, 'IG');
    const after = await eventually(async () => {
      const r = (await reports.find({ query })) as ReportResult;
      return (r.body as VatReport).documents > (before.body as VatReport).documents ? r : undefined;
    });
    const code = (r: ReportResult, c: string) => (r.body as VatReport).codes.find((x) => x.code === c)!.amount;
    // An intra-EU acquisition: 20 owed (072 base 100) and 20 deducted (065); the payable stays.
    expect(code(after, '072') - code(before, '072')).toBe(100);
    expect(code(after, '065') - code(before, '065')).toBe(20);
    expect(code(after, '095')).toBeCloseTo(code(before, '095'), 2);
    const asOf = (await reports.find({ query: { ...query, asOfPosition: before.position } })) as ReportResult;
    expect(asOf).toMatchObject({ asOf: null, asOfPosition: before.position });
    expect((asOf.body as VatReport).documents).toBe((before.body as VatReport).documents);
    await expect(reports.find({ query: { ...query, asOfPosition: after.position + 1_000_000 } })).rejects.toMatchObject({
      name: 'BadRequest',
      code: 400,
      message: expect.stringContaining('beyond the end of the log'),
    });
  });

  it('downloads the report as of the log position the screen showed, and refuses a bad position with 400', async () => {
    const reports = (await session.signedIn('admin')).app.service('reports');
    const range = `from=${YEAR}-01-01&to=${YEAR}-12-31`;
    const shown = (await reports.find({ query: { client_no: 1003, report: 'vat', from: `${YEAR}-01-01`, to: `${YEAR}-12-31` } })) as ReportResult;
    const bodyOf = (csv: string) => csv.split('\r\n').filter((l) => !l.startsWith('"Stand"') && !l.startsWith('"As of"'));
    const asShownFile = await download('admin', `1003/vat.csv?${range}&asOfPosition=${shown.position}&lang=de`);
    const asShown = await asShownFile.text();
    // The position is internal: the file names the moment the log reached it, as a date and time, and no position.
    const asOfLine = asShown.split('\r\n').find((l) => l.startsWith('"Stand"')) ?? '';
    expect(asOfLine).toMatch(/^"Stand";"\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    expect(asShown).not.toContain('Log-Position');
    expect(asShownFile.headers.get('content-disposition')).toMatch(/-asof-\d{4}-\d{2}-\d{2}\.csv"$/);
    await bookedInvoice(1003, 250, 50);
    const live = await eventually(async () => {
      const csv = await (await download('admin', `1003/vat.csv?${range}&lang=de`)).text();
      return csv !== asShown && bodyOf(csv).join('\n') !== bodyOf(asShown).join('\n') ? csv : undefined;
    });
    const later = await (await download('admin', `1003/vat.csv?${range}&asOfPosition=${shown.position}&lang=de`)).text();
    expect(later).toBe(asShown);
    expect(bodyOf(live)).not.toEqual(bodyOf(later));
    const pdf = await download('admin', `1003/vat.pdf?${range}&asOfPosition=${shown.position}`);
    expect(pdf.status).toBe(200);
    for (const bad of ['0', '-3', '1.5', 'abc', String(shown.position + 1_000_000)]) {
      const refused = await download('admin', `1003/vat.csv?${range}&asOfPosition=${bad}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ name: 'BadRequest', code: 400 });
    }
    const both = await download('admin', `1003/vat.pdf?${range}&asOfPosition=${shown.position}&asOf=${today()}`);
    expect(await both.json()).toMatchObject({ code: 400, message: 'Give asOf or asOfPosition, not both.' });
  });
});

describe('responsibilities and the firm overview', () => {
  it('refuses to make someone responsible for a client they may not access, and changes nothing', async () => {
    const service = (await session.signedIn('admin')).app.service('responsibilities');
    const users = (await (await session.signedIn('admin')).app.service('users').find({ query: { $limit: 50 } })) as Paginated<{ id: string; username: string }>;
    const clerk = users.data.find((u) => u.username === 'clerk')!.id;
    const auditor = users.data.find((u) => u.username === 'auditor')!.id;
    const before = (await service.get(1001)) as Responsibility;
    await expect(service.update(1001, { responsible_id: clerk })).rejects.toMatchObject({
      name: 'Unprocessable',
      code: 422,
      message: expect.stringContaining('may not access client 1001'),
    });
    await expect(service.update(1001, { responsible_id: before.responsible_id, deputies: [clerk] })).rejects.toMatchObject({ code: 422 });
    expect(((await service.get(1001)) as Responsibility).responsible_id).toBe(before.responsible_id);
    const assigned = (await service.update(1005, { responsible_id: clerk, deputies: [auditor] })) as Responsibility;
    expect(assigned.deputies.map((d) => d.id)).toEqual([auditor]);
  });

  it("needs ove, lists only the user's clients, and answers the rows of named clients with the figures of all of them", async () => {
    const overview = async (username: string, query: Record<string, unknown> = {}) =>
      (await (await session.signedIn(username)).app.service('firm-overview').find({ query })) as Paginated<FirmOverviewRow>;
    await expect(overview('client1')).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
    expect((await overview('clerk')).data.map((r) => r.client_no)).toEqual([1004, 1005]);
    expect((await overview('clerk', { client_no: 1001 })).data).toEqual([]);
    const all = await overview('admin');
    expect(all.data.map((r) => r.client_no)).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
    expect(all.data.find((r) => r.client_no === 1004)?.responsible_name).toBeTruthy();
    const reply = await session.upload('admin', 1003, [{ name: `o-${Date.now()}.pdf`, bytes: await invoicePdf([`Overview ${Date.now()}`]) }]);
    expect(reply.status).toBeLessThan(300);
    const grown = await eventually(async () => {
      const rows = (await overview('admin', { client_no: { $in: [1003, 1006] } })).data;
      const row = rows.find((r) => r.client_no === 1003)!;
      return row.unconfirmed > all.data.find((r) => r.client_no === 1003)!.unconfirmed ? rows : undefined;
    });
    expect(grown.map((r) => r.client_no)).toEqual([1003, 1006]);
    expect(grown[0]!.last_upload).not.toBeNull();
    await expect(overview('admin', { client_no: 'all' })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
  });
});
