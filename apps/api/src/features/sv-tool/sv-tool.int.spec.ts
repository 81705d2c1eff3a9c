import type { Paginated, SvAccount, SvAccountDetail, SvImportResult, SvInterestRate, SvTransaction } from '@portal/contracts';
import { PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start();
const csv = (lines: string[]) =>
  Buffer.from(
    ['Kontonummer;Buchungsdatum;Wertstellungsdatum;Buchungstext;Beitragszeitraum;Soll;Haben;Buchungszustand', ...lines].join('\r\n'),
    'latin1',
  ).toString('base64');

async function admin() {
  const peer = await session.signedIn('admin');
  return { accounts: peer.app.service('sv-accounts'), txs: peer.app.service('sv-transactions'), rates: peer.app.service('sv-interest-rates') };
}

const countOf = async (txs: Awaited<ReturnType<typeof admin>>['txs'], accountId: string) =>
  ((await txs.find({ query: { account_id: accountId, $limit: 0 } })) as Paginated<SvTransaction>).total;

describe('SV tool services (sv-accounts, sv-transactions, sv-interest-rates)', () => {
  it('lists the demo accounts of every company with their figures, one in each booking state', async () => {
    const { accounts } = await admin();
    const page = (await accounts.find({ query: { $limit: 100 } })) as Paginated<SvAccount>;
    expect(page.data.map((a) => a.company_no).sort()).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
    expect(new Set(page.data.map((a) => a.state))).toEqual(new Set(['', 'MA', 'EX', 'RV', 'I']));
    expect(page.data.filter((a) => a.arrears > 0).length).toBeGreaterThan(0);
    const inArrears = (await accounts.find({ query: { in_arrears: true, $limit: 100 } })) as Paginated<SvAccount>;
    expect(inArrears.data.every((a) => a.arrears > 0)).toBe(true);
  });

  it('opens an account, imports a Windows-1252 statement idempotently with the broken lines named, and computes arrears and interest', async () => {
    const { accounts, txs } = await admin();
    const opened = (await accounts.create({ company_no: 1002, kontonr: '77001' })) as SvAccountDetail;
    expect(opened).toMatchObject({ id: '1002-77001', saldo: 0, transaction_count: 0 });
    const content = csv([
      '77001;31.01.2025;31.01.2025;Beiträge 01/2025;01/2025;1.000,00;;',
      '77001;10.03.2025;10.03.2025;Überweisung;01/2025;;400,00;',
      '77001;31.02.2025;;kaputt;02/2025;5,00;;',
    ]);
    const first = (await txs.create({ account_id: opened.id, import: { file_name: 'webeku.csv', content_base64: content } })) as SvImportResult;
    expect(first).toMatchObject({ imported: 2, skipped: 0 });
    expect(first.errors).toEqual([expect.objectContaining({ line: 4 })]);
    const again = (await txs.create({ account_id: opened.id, import: { file_name: 'webeku.csv', content_base64: content } })) as SvImportResult;
    expect(again).toMatchObject({ imported: 0, skipped: 2 });
    const detail = (await accounts.get(opened.id, { query: { as_of: '2025-04-30' } })) as SvAccountDetail;
    expect(detail).toMatchObject({ saldo: 600, arrears: 600 });
    expect(detail.interest_to_date).toBeGreaterThan(0);
    expect(detail.periods[0]).toMatchObject({ period: '2025-01', charged: 1000, paid: 400, open: 600 });
  });

  // Malformed input is a BadRequest (schema); well-formed input that breaks a domain rule is Unprocessable (decider).
  it('refuses bad input with a clear Feathers error and changes nothing', async () => {
    const { accounts, txs, rates } = await admin();
    await expect(accounts.create({ company_no: 1003, kontonr: 'ABC' })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
    await expect(accounts.create({ company_no: 1002, kontonr: '77001' })).rejects.toMatchObject({ code: 409 });
    await expect(
      accounts.patch('1002-77001', {
        sepa: {
          mandate_reference: 'M-1',
          scheme: 'CORE',
          sequence: 'RCUR',
          creditor_id: 'AT61ZZZ00000000001',
          debtor_name: 'X',
          debtor_iban: 'not an iban',
          signature_date: '2025-01-01',
        },
      }),
    ).rejects.toMatchObject({ name: 'Unprocessable', message: expect.stringContaining('IBAN') });
    const before = await countOf(txs, '1002-77001');
    await expect(
      txs.create({ account_id: '1002-77001', entry: { buchungsDatum: '2025-02-01', buchungstext: 'beides', soll: 5, haben: 5 } }),
    ).rejects.toMatchObject({ name: 'Unprocessable', message: expect.stringContaining('either a debit or a credit') });
    await expect(txs.create({ account_id: '1002-77001', entry: { buchungsDatum: '2099-01-01', buchungstext: 'Zukunft', soll: 5 } })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: expect.stringContaining('future'),
    });
    await expect(txs.create({ account_id: '1002-77001', import: { file_name: 'x.csv', content_base64: '' } })).rejects.toMatchObject({ name: 'BadRequest' });
    expect(await countOf(txs, '1002-77001')).toBe(before);
    const booking = ((await txs.find({ query: { account_id: '1002-77001' } })) as Paginated<SvTransaction>).data[0]!;
    await expect(txs.patch(booking.id, { soll: 1 })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(rates.create({ year: 2025, rate: 45 })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(accounts.get('1002-77001', { query: { as_of: '30.4.2025' } })).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it('records a payment and a correction as events with who and when, and a rate change moves the interest', async () => {
    const { accounts, txs, rates } = await admin();
    const payment = (await txs.create({
      account_id: '1002-77001',
      entry: { buchungsDatum: '2025-04-10', buchungstext: 'Zahlung', haben: 100 },
    })) as SvTransaction;
    expect(payment).toMatchObject({ source: 'manual', haben: 100, corrected: false });
    expect(payment.recorded_by).toBeTruthy();
    const corrected = (await txs.patch(payment.id, { haben: 150, reason: 'Betrag laut Kontoauszug' })) as SvTransaction;
    expect(corrected).toMatchObject({ haben: 150, corrected: true, correction_reason: 'Betrag laut Kontoauszug' });
    const before = (await accounts.get('1002-77001', { query: { as_of: '2025-04-30' } })) as SvAccountDetail;
    expect(before.saldo).toBe(450);
    const current = ((await rates.find({})) as Paginated<SvInterestRate>).data.find((r) => r.year === 2025)!.rate;
    await rates.create({ year: 2025, rate: current * 2 });
    const after = (await accounts.get('1002-77001', { query: { as_of: '2025-04-30' } })) as SvAccountDetail;
    expect(after.interest_to_date).toBeCloseTo(before.interest_to_date * 2, 1);
    await rates.create({ year: 2025, rate: current });
  });

  it('takes a later export where a booking was reminded as a state change of that booking, not a second debit, and a correction clearing it resets the account', async () => {
    const { accounts, txs } = await admin();
    await accounts.create({ company_no: 1003, kontonr: '77003' });
    const january = '77003;31.01.2025;31.01.2025;Beiträge 01/2025;01/2025;1.000,00;;';
    await txs.create({ account_id: '1003-77003', import: { file_name: 'jan.csv', content_base64: csv([january]) } });
    const later = (await txs.create({
      account_id: '1003-77003',
      import: { file_name: 'mar.csv', content_base64: csv([january.replace(/;$/, ';MA'), '12345;01.03.2025;;fremd;;5,00;;']) },
    })) as SvImportResult;
    expect(later).toMatchObject({ imported: 0, skipped: 1 });
    expect(later.errors).toEqual([expect.objectContaining({ line: 3, problems: [{ key: 'foreignAccount', params: { kontonr: '12345', account: '77003' } }] })]);
    const reminded = (await accounts.get('1003-77003', { query: { as_of: '2025-04-30' } })) as SvAccountDetail;
    expect(reminded).toMatchObject({ saldo: 1000, state: 'MA', state_since: '2025-01-31', transaction_count: 1 });
    const booking = ((await txs.find({ query: { account_id: '1003-77003' } })) as Paginated<SvTransaction>).data[0]!;
    expect(booking).toMatchObject({ buchungszustand: 'MA', corrected: true, correction_reason: 'mar.csv: – → MA' });
    await txs.patch(booking.id, { buchungszustand: '', reason: 'Mahnung zurückgenommen' });
    expect(await accounts.get('1003-77003', { query: { as_of: '2025-04-30' } })).toMatchObject({ state: '', state_since: null });
  });

  it('computes an SVS account by quarters and keeps the list filter "in arrears" correct across pages', async () => {
    const { accounts, txs } = await admin();
    const svs = (await accounts.create({ company_no: 1004, kontonr: '77004', kind: 'SVS' })) as SvAccountDetail;
    expect(svs.kind).toBe('SVS');
    await txs.create({ account_id: svs.id, entry: { buchungsDatum: '2025-04-01', buchungstext: 'Beiträge Q2/2025', beitragszeitraum: '2025-04', soll: 3000 } });
    const detail = (await accounts.get(svs.id, { query: { as_of: '2025-06-30' } })) as SvAccountDetail;
    expect(detail.periods[0]).toMatchObject({ dueDate: '2025-05-31', open: 3000 });
    const all = (await accounts.find({ query: { in_arrears: true, $limit: 500 } })) as Paginated<SvAccount>;
    const first = (await accounts.find({ query: { in_arrears: true, $limit: 2 } })) as Paginated<SvAccount>;
    const second = (await accounts.find({ query: { in_arrears: true, $limit: 2, $skip: 2 } })) as Paginated<SvAccount>;
    expect(first.total).toBe(all.data.length);
    expect([...first.data, ...second.data].map((a) => a.id)).toEqual(all.data.slice(0, 4).map((a) => a.id));
  });

  it('is for administrators only: a client user is refused', async () => {
    const client = await session.signedIn('client1');
    await expect(client.app.service('sv-accounts').find({ query: {} })).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
  });

  it('serves the client statement as a PDF to administrators and answers 404 to others and 400 to a bad period', async () => {
    const url = (id: string, query = '') => `${session.url}/api/sv-tool/accounts/${id}/statement.pdf${query}`;
    const adminToken = await session.token('admin');
    const ok = await fetch(url('1002-77001', '?from=2025-01-01&to=2025-04-30&lang=en'), { headers: { authorization: `Bearer ${adminToken}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const bad = await fetch(url('1002-77001', '?from=2025-05-01&to=2025-04-30'), { headers: { authorization: `Bearer ${adminToken}` } });
    expect(bad.status).toBe(400);
    const client = await fetch(url('1001-4001001'), { headers: { authorization: `Bearer ${await session.token('client1')}` } });
    expect(client.status).toBe(404);
    const missing = await fetch(url('9999-1'), { headers: { authorization: `Bearer ${adminToken}` } });
    expect(missing.status).toBe(404);
    expect((await fetch(url('1002-77001'))).status).toBe(401);
  });
});
