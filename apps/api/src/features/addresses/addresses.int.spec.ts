import { ORIGIN, type AddressHistoryEntry, type AddressRecord, type CompanyRegisterHit, type DocumentRecord, type Paginated } from '@portal/contracts';
import { generateDemoInvoices } from '@portal/demo-data';
import { eventually, PortalSession } from '@portal/tools';
import { startFakeVies, type FakeVies } from '../../../test/fake-vies';

jest.setTimeout(120_000);

let vies: FakeVies;
const env: NodeJS.ProcessEnv = { PORTAL_SEED_DOCUMENTS: '0', VIES_TIMEOUT_MS: '1500' };
beforeAll(async () => {
  vies = await startFakeVies();
  env.VIES_URL = vies.url;
});
afterAll(() => vies.close());
const session = PortalSession.start(env);

const addresses = async (user = 'admin') => (await session.signedIn(user)).app.service('addresses');
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { name: string; message: string; data?: { key?: string; reason?: { key?: string } } }) => e,
  );

describe('addresses and the RPA address database', () => {
  it('lists the seeded addresses by name, 50 per page, and finds them by VAT ID, IBAN prefix or place', async () => {
    const service = await addresses();
    const page = (await service.find({ query: { $limit: 50 } })) as Paginated<AddressRecord>;
    expect(page.total).toBeGreaterThanOrEqual(200);
    const names = page.data.map((a) => a.name.toLocaleLowerCase('de'));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    const some = page.data.find((a) => a.vat_id && a.ibans.length)!;
    const byVat = (await service.find({ query: { search: some.vat_id } })) as Paginated<AddressRecord>;
    expect(byVat.data.map((a) => a.id)).toContain(some.id);
    const byIban = (await service.find({ query: { search: `${some.ibans[0]!.slice(0, 12)}*` } })) as Paginated<AddressRecord>;
    expect(byIban.data.map((a) => a.id)).toContain(some.id);
    expect(((await service.find({ query: { rpa: true, $limit: 0 } })) as Paginated<AddressRecord>).total).toBeGreaterThan(0);
  });

  it('creates an RPA address with a VAT ID and refuses a second one with the same VAT ID in the spec’s words, creating nothing', async () => {
    const service = await addresses();
    const first = (await service.create({ name: 'Tiroler Holzbau GmbH', vat_id: 'ATU 1358 5627', country: 'AT', place: 'Schwaz', rpa: true })) as AddressRecord;
    expect(first).toMatchObject({ rpa: true, vat_id: 'ATU13585627', status: 'active' });
    const before = ((await service.find({ query: { $limit: 0 } })) as Paginated<AddressRecord>).total;
    const error = await failure(service.create({ name: 'Tiroler Holzbau (Kopie)', vat_id: 'ATU13585627', rpa: true }));
    expect(error).toMatchObject({
      name: 'Conflict',
      message: 'Failed to create address in RPA database: VAT ID ATU13585627 is already in the RPA database (Tiroler Holzbau GmbH).',
      data: { key: 'rpaFailed', reason: { key: 'rpaVatTaken' } },
    });
    expect(((await service.find({ query: { $limit: 0 } })) as Paginated<AddressRecord>).total).toBe(before);
  });

  it('refuses an RPA address with an empty name, but keeps a plain address without one', async () => {
    const service = await addresses();
    expect(await failure(service.create({ name: '  ', vat_id: 'DE136695976', rpa: true }))).toMatchObject({
      name: 'Unprocessable',
      message: 'Failed to create address in RPA database: The name must not be empty.',
      data: { reason: { key: 'rpaEmptyName' } },
    });
    const plain = (await service.create({ name: '', ibans: ['DE89370400440532013000'] })) as AddressRecord;
    expect(plain.rpa).toBe(false);
    expect(await failure(service.patch(plain.id, { rpa: true }))).toMatchObject({
      message: 'Failed to create address in RPA database: The name must not be empty.',
    });
  });

  it('answers "Account not found" for an account missing from the client’s suppliers, and takes an existing one', async () => {
    const service = await addresses();
    const a = (await service.create({ name: 'Konto Test KG' })) as AddressRecord;
    expect(await failure(service.patch(a.id, { accounts: [{ client_no: 1001, supplier_account: '399999', customer_account: null }] }))).toMatchObject({
      name: 'Unprocessable',
      data: { key: 'accountNotFound', account: '399999' },
    });
    const linked = (await service.patch(a.id, { accounts: [{ client_no: 1001, supplier_account: '330100', customer_account: '200100' }] })) as AddressRecord;
    expect(linked.accounts).toEqual([{ client_no: 1001, supplier_account: '330100', customer_account: '200100' }]);
    expect(linked.client_nos).toEqual([1001]);
  });

  it('merges a duplicate into the survivor: fields and IBANs taken over, the duplicate leaves the list, both histories stay', async () => {
    const service = await addresses();
    const survivor = (await service.create({ name: 'Bergland Druck GmbH', place: 'Salzburg', ibans: ['AT611904300234573201'] })) as AddressRecord;
    const duplicate = (await service.create({
      name: 'Bergland Druck',
      street: 'Druckergasse 1',
      vat_id: 'ATU99999999',
      ibans: ['DE89370400440532013000'],
      rpa: true,
    })) as AddressRecord;
    const merged = (await service.patch(survivor.id, { action: 'merge', source: duplicate.id })) as AddressRecord;
    expect(merged).toMatchObject({
      street: 'Druckergasse 1',
      vat_id: 'ATU99999999',
      ibans: ['AT611904300234573201', 'DE89370400440532013000'],
      merged_from: [duplicate.id],
      rpa: true,
    });
    expect(await service.get(duplicate.id)).toMatchObject({ status: 'merged', merged_into: survivor.id, rpa: false });
    const listed = (await service.find({ query: { search: 'Bergland Druck' } })) as Paginated<AddressRecord>;
    expect(listed.data.map((a) => a.id)).toEqual([survivor.id]);
    expect(((await service.find({ query: { search: 'Bergland', rpa: true } })) as Paginated<AddressRecord>).data.map((a) => a.id)).toEqual([survivor.id]);
    const history = (await (
      await session.signedIn('admin')
    ).app
      .service('address-history')
      .find({ query: { address_id: duplicate.id } })) as Paginated<AddressHistoryEntry>;
    expect(history.data.map((e) => e.type)).toEqual(['RpaAddressRegistered', 'AddressCreated', 'RpaAddressWithdrawn', 'AddressMergedInto']);
    await expect(service.patch(duplicate.id, { place: 'Wien' })).rejects.toMatchObject({ name: 'Conflict' });
  });

  it('checks a VAT ID against VIES and records every check with its time and result in the history: valid, then unavailable as "check failed"', async () => {
    const service = await addresses();
    const a = (await service.create({ name: 'Alpenstrom Prüfung AG', vat_id: 'ATU13585627', country: 'AT' })) as AddressRecord;
    vies.behaviour = 'answer';
    expect(((await service.patch(a.id, { action: 'check-vat' })) as AddressRecord).vat_check).toMatchObject({
      result: 'valid',
      source: 'vies',
      registered_name: 'ALPENSTROM ENERGIE AG',
    });
    vies.behaviour = 'MS_UNAVAILABLE';
    expect(((await service.patch(a.id, { action: 'check-vat' })) as AddressRecord).vat_check).toMatchObject({
      result: 'check_failed',
      fault: 'MS_UNAVAILABLE',
    });
    vies.behaviour = 'hang';
    expect(((await service.patch(a.id, { action: 'check-vat' })) as AddressRecord).vat_check).toMatchObject({
      result: 'check_failed',
      fault: 'No reply within 1500 ms',
    });
    const history = (await (
      await session.signedIn('admin')
    ).app
      .service('address-history')
      .find({ query: { address_id: a.id } })) as Paginated<AddressHistoryEntry>;
    const checks = history.data.filter((e) => e.type === 'VatIdChecked');
    expect(checks.map((e) => e.vat_check?.result)).toEqual(['valid', 'check_failed', 'check_failed']);
    expect(checks.every((e) => e.user_name === 'Andrea Admin' && !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('says "invalid for the selected country" without asking VIES', async () => {
    const service = await addresses();
    const a = (await service.create({ name: 'Grenzfall GmbH', vat_id: 'DE136695976', country: 'AT' })) as AddressRecord;
    const asked = vies.received.length;
    expect(((await service.patch(a.id, { action: 'check-vat' })) as AddressRecord).vat_check).toMatchObject({
      result: 'invalid_for_country',
      source: 'format',
    });
    expect(vies.received.length).toBe(asked);
  });

  it('searches the company register box, cut after 50 characters, and says it searched the address database', async () => {
    const admin = await session.signedIn('admin');
    const page = (await admin.app.service('company-register').find({ query: { q: `Tiroler Holzbau ${'x'.repeat(80)}` } })) as Paginated<CompanyRegisterHit> & {
      query: string;
      source: string;
    };
    expect(page.query).toHaveLength(50);
    expect(page.source).toBe('address-database');
    const hits = (await admin.app.service('company-register').find({ query: { q: 'Tiroler Holzbau' } })) as Paginated<CompanyRegisterHit>;
    expect(hits.data[0]).toMatchObject({ name: 'Tiroler Holzbau GmbH', source: 'address-database' });
  });

  it('suggests the client’s supplier account of the RPA address on an uploaded generated invoice, with the origin code RPA_Address_Database', async () => {
    const invoices = await generateDemoInvoices({
      companyNo: 1001,
      companyName: 'Alpenblick Gastronomie GmbH',
      companyPlace: 'Innsbruck',
      count: 12,
      seed: 77,
      today: new Date(),
    });
    const invoice = invoices.find((i) => i.direction === 'incoming' && i.kind === 'text' && i.expected.biller?.vat_id)!;
    const vat = invoice.expected.biller!.vat_id!;
    const known = ((await (await addresses()).find({ query: { vat_id: vat, rpa: true } })) as Paginated<AddressRecord>).data[0]!;
    const account = known.accounts.find((a) => a.client_no === 1001)!.supplier_account;
    const reply = await session.upload('admin', 1001, [{ name: `rpa-${Date.now()}.pdf`, bytes: invoice.bytes }]);
    const documentId = reply.body.files![0]!.documentId!;
    const documents = (await session.signedIn('admin')).app.service('documents');
    const doc = await eventually(async () => {
      const d = (await documents.get(documentId)) as DocumentRecord;
      return d.booking_origins.supplier_account === undefined ? undefined : d;
    });
    expect(doc.booking).toMatchObject({ biller: known.name, supplier_account: account });
    // The printed name already is the RPA address's: only the account is new, and it carries the RPA origin.
    expect(doc.booking_origins.supplier_account).toBe(ORIGIN.RPA_Address_Database);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const service = await addresses();
    await expect(service.create({ name: 'X', ibans: ['AT611904300234573202'] })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: expect.stringContaining('IBAN invalid'),
    });
    await expect(service.create({ name: 'X', country: 'Austria' })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(service.create({ name: 'X', unknown: 1 })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(service.find({ query: { search: 'Bergland', status: 'merged' } })).rejects.toMatchObject({
      name: 'BadRequest',
      message: 'search finds active addresses only: leave out status.',
    });
    await expect(service.patch(1, { action: 'explode' })).rejects.toMatchObject({ name: expect.stringMatching(/BadRequest|NotFound/) });
  });

  it('is for administrators only', async () => {
    for (const user of ['accountant', 'clerk', 'client1', 'auditor']) {
      await expect((await addresses(user)).find({ query: {} })).rejects.toMatchObject({ name: 'Forbidden' });
    }
  });
});
