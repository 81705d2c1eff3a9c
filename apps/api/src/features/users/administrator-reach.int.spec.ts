import type { Paginated, RpaErrorRecord } from '@portal/contracts';
import { eventually, PortalSession, restCall } from '@portal/tools';

jest.setTimeout(180_000);

// One demo invoice per company: the demo automation failures come with the demo documents.
const session = PortalSession.start({ PORTAL_SEED_DOCUMENTS: '1' });

interface UserRow {
  id: string;
  username: string;
  klienten_array: number[];
  all_clients: boolean;
  permissions_array: string[];
  enabled: boolean;
}

/** The office administrator of the demo: adm without kca, clients 1001–1003. */
const OFFICE_CLIENTS = [1001, 1002, 1003];

async function idsByName(): Promise<Record<string, string>> {
  const admin = await session.signedIn('admin');
  const page = (await admin.app.service('users').find({ query: { $limit: 500 } })) as Paginated<UserRow>;
  return Object.fromEntries(page.data.map((u) => [u.username, u.id]));
}

describe('an administrator without kca stays inside its own clients (users, responsibilities, automation errors)', () => {
  it('lists, over the socket and REST, only the users whose clients are all its own, never a kca holder', async () => {
    const office = await session.signedIn('office');
    const overSocket = (await office.app.service('users').find({ query: { $limit: 500 } })) as Paginated<UserRow>;
    const [error, overRest] = await restCall(session.url, await session.token('office'), 'find', ['users', { $limit: 500 }]);
    expect(error).toBeNull();
    for (const page of [overSocket, overRest as Paginated<UserRow>]) {
      const names = page.data.map((u) => u.username);
      expect(names).toEqual(expect.arrayContaining(['office', 'accountant', 'approver', 'client1', 'trainee']));
      for (const outside of ['admin', 'clerk', 'auditor', 'partner', 'field']) expect(names).not.toContain(outside);
      for (const u of page.data.filter((x) => x.username !== 'office')) {
        expect(u.all_clients).toBe(false);
        expect(u.klienten_array.every((c) => OFFICE_CLIENTS.includes(c))).toBe(true);
        expect(u.permissions_array).not.toContain('kca');
      }
      expect(page.total).toBe(page.data.length);
    }
  });

  it("answers NotFound for another client's user and for the kca admin, and changes neither (socket and REST)", async () => {
    const ids = await idsByName();
    const office = await session.signedIn('office');
    const users = office.app.service('users');
    for (const target of ['clerk', 'admin']) {
      await expect(users.get(ids[target]!)).rejects.toMatchObject({ name: 'NotFound', code: 404 });
      await expect(users.patch(ids[target]!, { enabled: false })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
      const [error] = await restCall(session.url, await session.token('office'), 'patch', ['users', ids[target]!, { enabled: false }]);
      expect(error).toMatchObject({ name: 'NotFound', code: 404 });
    }
    const admin = await session.signedIn('admin');
    for (const target of ['clerk', 'admin']) expect(((await admin.app.service('users').get(ids[target]!)) as UserRow).enabled).toBe(true);
    // The firm's administrator still signs in.
    expect(await session.portal.token('admin')).toMatch(/\S+\.\S+\.\S+/);
  });

  it('changes a user within its clients and codes, and refuses one who holds codes it does not hold', async () => {
    const ids = await idsByName();
    const office = (await session.signedIn('office')).app.service('users');
    expect(((await office.patch(ids.trainee!, { enabled: true })) as UserRow).enabled).toBe(true);
    expect(((await office.patch(ids.trainee!, { enabled: false })) as UserRow).enabled).toBe(false);
    await expect(office.patch(ids.accountant!, { enabled: false })).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
  });

  it('pushes changes of users within its reach only', async () => {
    const ids = await idsByName();
    const office = await session.signedIn('office');
    const seen: string[] = [];
    office.app.service('users').on('patched', (u: UserRow) => seen.push(u.username));
    const admin = (await session.signedIn('admin')).app.service('users');
    await admin.patch(ids.clerk!, { enabled: false });
    await admin.patch(ids.clerk!, { enabled: true });
    await admin.patch(ids.approver!, { enabled: false });
    await admin.patch(ids.approver!, { enabled: true });
    await eventually(async () => (seen.filter((n) => n === 'approver').length >= 2 ? true : undefined), 20_000);
    expect(seen).not.toContain('clerk');
  });

  it('names as responsible only a user within its reach', async () => {
    const ids = await idsByName();
    const office = (await session.signedIn('office')).app.service('responsibilities');
    await expect(office.update(1001, { responsible_id: ids.admin! })).rejects.toMatchObject({ name: 'Unprocessable' });
    await expect(office.update(1001, { responsible_id: ids.accountant! })).resolves.toMatchObject({ client_no: 1001 });
  });

  it('sees, resolves and retries automation errors of its own clients only (404 for the others), over socket and REST', async () => {
    const admin = (await session.signedIn('admin')).app.service('rpa-errors');
    const all = (await admin.find({ query: { status: 'open', $limit: 500 } })) as Paginated<RpaErrorRecord>;
    const foreign = all.data.filter((e) => e.client_no !== null && !OFFICE_CLIENTS.includes(e.client_no));
    const firmWide = all.data.filter((e) => e.client_no === null);
    expect(foreign.length).toBeGreaterThan(0);
    expect(firmWide.length).toBeGreaterThan(0);
    const office = (await session.signedIn('office')).app.service('rpa-errors');
    const seen = (await office.find({ query: { $limit: 500 } })) as Paginated<RpaErrorRecord>;
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((e) => e.client_no !== null && OFFICE_CLIENTS.includes(e.client_no))).toBe(true);
    expect(seen.total).toBe(seen.data.length);
    const [restError, restPage] = await restCall(session.url, await session.token('office'), 'find', ['rpa-errors', { $limit: 500 }]);
    expect(restError).toBeNull();
    expect((restPage as Paginated<RpaErrorRecord>).data.map((e) => e.id).sort()).toEqual(seen.data.map((e) => e.id).sort());
    for (const e of [...foreign, ...firmWide]) {
      await expect(office.get(e.id)).rejects.toMatchObject({ name: 'NotFound', code: 404 });
      await expect(office.patch(e.id, { action: 'resolve', remark: 'not mine' })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
      await expect(office.patch(e.id, { action: 'retry' })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
      const [error] = await restCall(session.url, await session.token('office'), 'patch', ['rpa-errors', e.id, { action: 'resolve', remark: 'not mine' }]);
      expect(error).toMatchObject({ name: 'NotFound', code: 404 });
    }
    for (const e of foreign) expect(((await admin.get(e.id)) as RpaErrorRecord).status).toBe('open');
  });

  it('hides the failures of payroll documents from administrators without dpv', async () => {
    const reply = await session.upload(
      'admin',
      1002,
      [{ name: `lohnzettel-kaputt-${Date.now()}.pdf`, bytes: Buffer.from(`%PDF-1.7\n1 0 obj garbage ${Date.now()}\n%%EOF`) }],
      'ER_U',
      '&payroll=1',
    );
    const documentId = reply.body.files![0]!.documentId!;
    const admin = (await session.signedIn('admin')).app.service('rpa-errors');
    const failure = await eventually(async () => ((await admin.find({ query: { document_id: documentId } })) as Paginated<RpaErrorRecord>).data[0]);
    expect(failure.client_no).toBe(1002);
    const office = (await session.signedIn('office')).app.service('rpa-errors');
    expect(((await office.find({ query: { document_id: documentId } })) as Paginated<RpaErrorRecord>).total).toBe(0);
    await expect(office.get(failure.id)).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    await expect(office.patch(failure.id, { action: 'retry' })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
  });

  it('hides the failure of an export of payroll documents alone from administrators without dpv, like the export job', async () => {
    const admin = await session.signedIn('admin');
    const failures = (await admin.app
      .service('rpa-errors')
      .find({ query: { kind: 'erp_export_failed', client_no: 1001, $limit: 50 } })) as Paginated<RpaErrorRecord>;
    const payroll = failures.data.find((e) => e.payroll === true)!;
    expect(payroll).toMatchObject({ kind: 'erp_export_failed', client_no: 1001, status: 'open' });
    await expect(admin.app.service('erp-exports').get(payroll.ref!)).resolves.toMatchObject({ status: 'failed' });
    const office = (await session.signedIn('office')).app.service('rpa-errors');
    const listed = (await office.find({ query: { kind: 'erp_export_failed', $limit: 50 } })) as Paginated<RpaErrorRecord>;
    expect(listed.data.map((e) => e.id)).not.toContain(payroll.id);
    expect(listed.data.length).toBeGreaterThan(0);
    await expect(office.get(payroll.id)).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    await expect(office.patch(payroll.id, { action: 'resolve', remark: 'not mine' })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    await expect(office.patch(payroll.id, { action: 'retry' })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    const [restError] = await restCall(session.url, await session.token('office'), 'get', ['rpa-errors', payroll.id]);
    expect(restError).toMatchObject({ name: 'NotFound', code: 404 });
  });
});
