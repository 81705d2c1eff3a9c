import type { Paginated, PersonAccount } from '@portal/contracts';
import { connectFeathers, type FeathersPeer } from '@portal/tools';
import { PORTAL_START_MS, startPortalProcess, type PortalProcess } from '@portal/tools';

jest.setTimeout(120_000);

let portal: PortalProcess;
const peers: FeathersPeer[] = [];
const tokens: Record<string, string> = {};
const year = new Date().getUTCFullYear();

async function signedIn(user: string) {
  const peer = connectFeathers(portal.url);
  peers.push(peer);
  await peer.app.authenticate({ strategy: 'jwt', accessToken: (tokens[user] ??= await portal.token(user)) });
  return peer;
}

const MASTER_DATA_SERVICES = ['acc-exp-acc', 'acc-cost', 'acc-books', 'acc-suppliers'] as const;

beforeAll(async () => {
  portal = await startPortalProcess({ env: { PORTAL_SEED_DOCUMENTS: '0' } });
}, PORTAL_START_MS);
afterAll(async () => {
  for (const p of peers) p.close();
  await portal?.stop();
});

describe('accounting master data: authorization matrix', () => {
  it.each(MASTER_DATA_SERVICES.flatMap((path) => ['client1', 'auditor', 'approver', 'clerk'].map((user) => [path, user] as const)))(
    'refuses %s to %s, who lacks acc, with Forbidden',
    async (path, user) => {
      const peer = await signedIn(user);
      await expect(peer.app.service(path).find({ query: { client: 1001, acc: year } })).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
      await expect(
        peer.app.service(path).create({ client_no: 1001, accounting: year, account: '345001', code: 'X', name: 'X', kind: 'general' }),
      ).rejects.toMatchObject({ code: 403 });
    },
  );

  it.each(MASTER_DATA_SERVICES.flatMap((path) => ['accountant', 'admin'].map((user) => [path, user] as const)))(
    'lets %s be read by %s, who has acc',
    async (path, user) => {
      const peer = await signedIn(user);
      const page = (await peer.app.service(path).find({ query: { client: 1001, acc: year } })) as Paginated<{ client_no: number }>;
      expect(page.data.every((r) => r.client_no === 1001)).toBe(true);
    },
  );

  it('answers NotFound when an accountant creates master data for a client they are not assigned to', async () => {
    const accountant = await signedIn('accountant');
    await expect(
      accountant.app.service('acc-suppliers').create({ client_no: 1004, accounting: year, account: '345002', name: 'Fremd GmbH' }),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });

  it("hides another client's supplier from an accountant: NotFound on get, absent from find", async () => {
    const admin = await signedIn('admin');
    const other = (await admin.app
      .service('acc-suppliers')
      .create({ client_no: 1004, accounting: year, account: '345003', name: 'Isar Elektro GmbH' })) as PersonAccount;
    const accountant = await signedIn('accountant');
    await expect(accountant.app.service('acc-suppliers').get(other.id)).rejects.toMatchObject({ name: 'NotFound' });
    const page = (await accountant.app.service('acc-suppliers').find({ query: { client: 1004, acc: year } })) as Paginated<PersonAccount>;
    expect(page.data).toEqual([]);
  });
});

describe('accounting master data: queries and validation', () => {
  it('lists suppliers with types [3,4] and customers with types [2,4]', async () => {
    const accountant = await signedIn('accountant');
    const service = accountant.app.service('acc-suppliers');
    const supplier = (await service.create({
      client_no: 1001,
      accounting: year,
      account: '345100',
      name: 'Zirbenholz Tischlerei GmbH',
      iban: 'AT61 1904 3002 3457 3201',
      vat_id: 'ATU 1234 5678',
      address: { city: 'Innsbruck', country: 'at' },
    })) as PersonAccount;
    const customer = (await service.create({ client: 1001, accounting: year, account: '234100', name: 'Hotel Sonnalm KG' })) as PersonAccount;
    const both = (await service.create({ client_no: 1001, accounting: year, account: '345101', name: 'Brauerei Tal KG', type: 4 })) as PersonAccount;
    expect(supplier).toMatchObject({
      type: 3,
      iban: 'AT611904300234573201',
      vat_id: 'ATU12345678',
      address: { city: 'Innsbruck', country: 'AT' },
      created_by: expect.any(String),
    });
    expect(customer.type).toBe(2);
    expect(both.type).toBe(4);
    const suppliers = ((await service.find({ query: { client: 1001, acc: year, types: [3, 4] } })) as Paginated<PersonAccount>).data.map((a) => a.account);
    const customers = ((await service.find({ query: { client: 1001, acc: year, types: [2, 4] } })) as Paginated<PersonAccount>).data.map((a) => a.account);
    expect(suppliers).toEqual(expect.arrayContaining(['345100', '345101']));
    expect(suppliers).not.toContain('234100');
    expect(customers).toEqual(expect.arrayContaining(['234100', '345101']));
    expect(customers).not.toContain('345100');
  });

  it('refuses an invalid IBAN, a five-digit account, a duplicate and a period that is not open', async () => {
    const service = (await signedIn('accountant')).app.service('acc-suppliers');
    await expect(service.create({ client_no: 1001, accounting: year, account: '345200', name: 'X', iban: 'AT61 1904 3002 3457 3202' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'IBAN invalid',
    });
    await expect(service.create({ client_no: 1001, accounting: year, account: '34520', name: 'X' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'account: Six digits required',
    });
    await service.create({ client_no: 1001, accounting: year, account: '345201', name: 'Einmal GmbH' });
    await expect(service.create({ client_no: 1001, accounting: year, account: '345201', name: 'Zweimal GmbH' })).rejects.toMatchObject({
      name: 'Conflict',
      message: `Account 345201 already exists in ${year}.`,
    });
    await expect(service.create({ client_no: 1001, accounting: 1995, account: '345202', name: 'X' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'Accounting period 1995 is not open.',
    });
  });

  // Account numbers and codes differ from the demo master data, so the checks hold with or without it.
  it("answers the period's expense accounts together with the company defaults", async () => {
    const service = (await signedIn('accountant')).app.service('acc-exp-acc');
    await service.create({ client_no: 1002, accounting: null, account: '511900', name: 'Wareneinsatz Test', tax_rate: 20 });
    await service.create({ client_no: 1002, accounting: year, account: '735900', name: 'Energie Test', tax_rate: 20 });
    await service.create({ client_no: 1002, accounting: year - 1, account: '733900', name: 'Treibstoff Test', tax_rate: 20 });
    const page = (await service.find({ query: { client: 1002, acc: year } })) as Paginated<{ account: string; accounting: number | null }>;
    const pairs = page.data.map((a) => [a.account, a.accounting]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['511900', null],
        ['735900', year],
      ]),
    );
    expect(pairs.every(([, accounting]) => accounting === null || accounting === year)).toBe(true);
  });

  it('lists cost centres and books of several accounting periods at once', async () => {
    const peer = await signedIn('accountant');
    await peer.app.service('acc-cost').create({ client_no: 1003, accounting: year, code: 'KST910', name: 'Verwaltung' });
    await peer.app.service('acc-cost').create({ client_no: 1003, accounting: year - 1, code: 'KST920', name: 'Vertrieb' });
    await peer.app.service('acc-books').create({ client_no: 1003, accounting: year, code: 'B91', name: 'Eingangsrechnungen', kind: 'purchases' });
    await peer.app.service('acc-books').create({ client_no: 1003, accounting: year - 1, code: 'B92', name: 'Kassa', kind: 'cash' });
    const costs = (await peer.app
      .service('acc-cost')
      .find({ query: { client: 1003, accounting: { $in: [year, year - 1] }, code: { $in: ['KST910', 'KST920'] } } })) as Paginated<{ code: string }>;
    expect(costs.data.map((c) => c.code).sort()).toEqual(['KST910', 'KST920']);
    const books = (await peer.app.service('acc-books').find({ query: { client: 1003, acc: [year - 1] } })) as Paginated<{
      code: string;
      kind: string;
      accounting: number;
    }>;
    expect(books.data).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'B92', kind: 'cash' })]));
    expect(books.data.every((b) => b.accounting === year - 1)).toBe(true);
  });
});

describe('accounting master data: live pickers', () => {
  it('pushes a new supplier to every acc reader of the same client and to nobody else', async () => {
    const creator = await signedIn('accountant');
    const sameClient = await signedIn('accountant');
    const admin = await signedIn('admin');
    const noAcc = await signedIn('client1');
    const received: Record<string, PersonAccount[]> = { sameClient: [], admin: [], noAcc: [] };
    sameClient.app.service('acc-suppliers').on('created', (a: PersonAccount) => received.sameClient!.push(a));
    admin.app.service('acc-suppliers').on('created', (a: PersonAccount) => received.admin!.push(a));
    noAcc.app.service('acc-suppliers').on('created', (a: PersonAccount) => received.noAcc!.push(a));

    const adminSees = new Promise<PersonAccount>((resolve) =>
      admin.app.service('acc-suppliers').on('created', (a: PersonAccount) => a.account === '345301' && resolve(a)),
    );
    await creator.app.service('acc-suppliers').create({ client_no: 1001, accounting: year, account: '345301', name: 'Live Lieferant GmbH' });
    expect((await adminSees).client_no).toBe(1001);

    const otherClient = new Promise<PersonAccount>((resolve) =>
      admin.app.service('acc-suppliers').on('created', (a: PersonAccount) => a.account === '345302' && resolve(a)),
    );
    await admin.app.service('acc-suppliers').create({ client_no: 1004, accounting: year, account: '345302', name: 'Andere Firma GmbH' });
    await otherClient;
    await new Promise((r) => setTimeout(r, 300));

    expect(received.sameClient!.map((a) => a.account)).toEqual(['345301']);
    expect(received.noAcc).toEqual([]);
  });
});
