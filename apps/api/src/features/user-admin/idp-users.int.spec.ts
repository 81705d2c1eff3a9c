import type { IdpBulkEditResult, IdpUser, IdpUserWithPassword, Paginated } from '@portal/contracts';
import { loginAtPortal } from '@portal/tools';
import { PortalSession } from '@portal/tools';

const session = PortalSession.start();
jest.setTimeout(120_000);

const base = { firstName: 'Test', lastName: 'User', locale: 'de', telNr: '' };

async function admin() {
  return (await session.signedIn('admin')).app;
}

async function findAll(app: Awaited<ReturnType<typeof admin>>, query: Record<string, unknown> = {}) {
  return (await app.service('idp-users').find({ query: { $limit: 500, ...query } })) as Paginated<IdpUser>;
}

describe('the user manager', () => {
  it('lists the spec columns with search, filters, sorting and paging, and refuses an unknown query', async () => {
    const app = await admin();
    const all = await findAll(app);
    expect(all.total).toBeGreaterThanOrEqual(6);
    const clerk = all.data.find((u) => u.username === 'clerk')!;
    expect(clerk).toMatchObject({
      email: 'l.wimmer@huber-partner.example',
      lastName: 'Wimmer',
      firstName: 'Lukas',
      telNr: '',
      klienten: [1004, 1005],
      mobileApp: false,
      enabled: true,
      editable: true,
    });
    expect(clerk.permissions).toEqual(['ded', 'doc', 'lab', 'lar', 'ove']);
    expect((await findAll(app, { $search: 'wimmer huber' })).data.map((u) => u.username)).toEqual(['clerk']);
    const reachers1004 = (await findAll(app, { klienten: 1004 })).data.map((u) => u.username);
    expect(reachers1004).toEqual(expect.arrayContaining(['admin', 'auditor', 'clerk']));
    expect(reachers1004).not.toContain('client1');
    expect((await findAll(app, { permissions: 'app' })).data.map((u) => u.username)).toEqual(expect.arrayContaining(['accountant', 'approver', 'admin']));
    const byMail = await findAll(app, { $sort: { email: -1 }, $limit: 2, $skip: 1 });
    expect(byMail.data).toHaveLength(2);
    expect(byMail.data[0]!.email.localeCompare(byMail.data[1]!.email)).toBeGreaterThan(0);
    await expect(findAll(app, { role: 'x' })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(findAll(app, { $sort: { passwordHash: 1 } })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(findAll(app, { $limit: 100_000 })).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it('creates a user who signs in with the initial password and sees only the assigned clients; bad input changes nothing', async () => {
    const app = await admin();
    const users = app.service('idp-users');
    const before = (await findAll(app)).total;
    const good = {
      ...base,
      username: 'neu.mitarbeiter',
      email: 'neu@huber-partner.example',
      permissions: ['doc', 'lar'],
      klienten: [1002],
      password: 'Anfang 2026 gut',
      passwordRepeat: 'Anfang 2026 gut',
    };
    await expect(users.create({ ...good, passwordRepeat: 'Anfang 2026 gur' })).rejects.toMatchObject({ name: 'BadRequest', message: 'passwords must match' });
    await expect(users.create({ ...good, username: '  ' })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Username cannot be empty' });
    await expect(users.create({ ...good, email: 'kein-mail' })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Invalid e-mail address' });
    await expect(users.create({ ...good, permissions: ['xyz'] })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(users.create({ ...good, klienten: [1001], excluded: [1002] })).rejects.toMatchObject({ name: 'Unprocessable' });
    await expect(users.create({ ...good, username: 'clerk' })).rejects.toMatchObject({ name: 'Conflict' });
    await expect(users.create({ ...good, password: 'short', passwordRepeat: 'short' })).rejects.toMatchObject({ name: 'Unprocessable' });
    expect((await findAll(app)).total).toBe(before);

    const created = (await users.create(good)) as IdpUserWithPassword;
    expect(created).toMatchObject({ username: 'neu.mitarbeiter', klienten: [1002], permissions: ['doc', 'lar'], enabled: true, mustChangePassword: true });
    expect(created.oneTimePassword).toBeUndefined();
    const generated = (await users.create({ ...good, username: 'neu.zwei', password: '', passwordRepeat: '' })) as IdpUserWithPassword;
    expect(generated.oneTimePassword).toMatch(/^\S{16}$/);

    const peer = await session.signedIn('neu.mitarbeiter');
    const companies = (await peer.app.service('accounting-client').find({ query: {} })) as Paginated<{ company_no: number }>;
    expect(companies.data.map((c) => c.company_no)).toEqual([1002]);
    await expect(peer.app.service('idp-users').find({ query: {} })).rejects.toMatchObject({ name: 'Forbidden' });
  });

  it('gives all clients but one: the demo partner reaches every client except the excluded one', async () => {
    const partner = (await session.signedIn('partner')).app;
    const companies = (await partner.service('accounting-client').find({ query: {} })) as Paginated<{ company_no: number }>;
    expect(companies.data.map((c) => c.company_no)).toEqual([1001, 1002, 1003, 1004, 1006]);
    await expect(partner.service('accounting-client').get(1005)).rejects.toMatchObject({ name: 'NotFound' });
    const row = (await findAll(await admin(), { $search: 'partner' })).data.find((u) => u.username === 'partner')!;
    expect(row).toMatchObject({ all_clients: true, excluded: [1005] });
  });

  it('holds the kca/adm rules: adm without kca sees and changes only users within its own codes and clients', async () => {
    const app = await admin();
    const office = (await app.service('idp-users').create({
      ...base,
      username: 'office2',
      email: 'office2@huber-partner.example',
      permissions: ['adm', 'doc', 'lar', 'app'],
      klienten: [1001, 1002],
    })) as IdpUser;
    const officeApp = (await session.signedIn('office2')).app;
    const users = officeApp.service('idp-users');
    const visible = (await users.find({ query: { $limit: 500 } })) as Paginated<IdpUser>;
    const names = visible.data.map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['client1', 'approver', 'office2']));
    expect(names).not.toContain('admin');
    expect(names).not.toContain('accountant');
    const all = await findAll(app);
    const id = (name: string) => all.data.find((u) => u.username === name)!.id;
    await expect(users.get(id('admin'))).rejects.toMatchObject({ name: 'NotFound' });
    const client1 = visible.data.find((u) => u.username === 'client1')!;
    expect(client1.editable).toBe(false); // holds rep, pay, ban, ded which office does not
    await expect(users.patch(client1.id, { mobileApp: true })).rejects.toMatchObject({
      name: 'Forbidden',
      message: 'You may only change users whose permissions you hold yourself.',
    });
    const approver = visible.data.find((u) => u.username === 'approver')!;
    expect(approver.editable).toBe(true);
    await expect(users.patch(approver.id, { permissions: ['app', 'doc', 'lar', 'adm'] })).rejects.toMatchObject({
      name: 'Forbidden',
      message: 'Only an identity-provider administrator (kca) may grant adm or kca.',
    });
    await expect(users.patch(approver.id, { klienten: [1002, 1003] })).rejects.toMatchObject({
      name: 'Forbidden',
      message: 'You may only assign clients you have yourself.',
    });
    await expect(users.create({ ...base, username: 'too.much', email: 't@example.at', permissions: ['acc'], klienten: [1001] })).rejects.toMatchObject({
      name: 'Forbidden',
    });
    await expect(users.patch(office.id, { permissions: ['doc', 'lar', 'app'] })).rejects.toMatchObject({
      name: 'Forbidden',
      message: 'You cannot remove your own adm permission.',
    });
    await expect(users.patch(office.id, { enabled: false })).rejects.toMatchObject({ name: 'Forbidden', message: 'You cannot disable your own account.' });
    const changed = (await users.patch(approver.id, { permissions: ['app', 'doc'], telNr: '+43 662 1234' })) as IdpUser;
    expect(changed).toMatchObject({ permissions: ['app', 'doc'], telNr: '+43 662 1234' });
  });

  it('disables a user, ends the open session at once and refuses the login; re-enabling lets them in again', async () => {
    const app = await admin();
    const created = (await app.service('idp-users').create({
      ...base,
      username: 'leaving',
      email: 'leaving@example.at',
      permissions: ['doc'],
      klienten: [1001],
      password: 'Abschied 2026 gut',
      passwordRepeat: 'Abschied 2026 gut',
    })) as IdpUser;
    const peer = await session.signedIn('leaving');
    const gone = new Promise<void>((resolve) => peer.socket.once('logout' as never, () => resolve()));
    await app.service('idp-users').patch(created.id, { enabled: false });
    await Promise.race([gone, new Promise((r) => setTimeout(r, 3000))]);
    await expect(peer.app.service('accounting-client').find({ query: {} })).rejects.toMatchObject({ name: 'NotAuthenticated' });
    await expect(loginAtPortal(session.url, 'leaving', 'Abschied 2026 gut')).rejects.toThrow(/403/);
    const enabled = (await app.service('idp-users').patch(created.id, { enabled: true })) as IdpUser;
    expect(enabled.enabled).toBe(true);
    const reset = (await app.service('idp-users').patch(created.id, { resetPassword: true })) as IdpUserWithPassword;
    expect(reset).toMatchObject({ mustChangePassword: true, oneTimePassword: expect.stringMatching(/^\S{16}$/) });
  });

  it('bulk-edits a selection: the preview changes nothing, applying removes a code from three users and refuses what the rules refuse', async () => {
    const app = await admin();
    const all = await findAll(app);
    const ids = ['client1', 'accountant', 'clerk'].map((n) => all.data.find((u) => u.username === n)!.id);
    const bulk = app.service('idp-user-bulk');
    await expect(bulk.create({ userIds: ids, preview: true })).rejects.toMatchObject({
      name: 'BadRequest',
      message: expect.stringContaining('Choose a permission or client'),
    });
    await expect(bulk.create({ userIds: ['nobody'], removePermissions: ['lar'], preview: true })).rejects.toMatchObject({ name: 'NotFound' });
    const preview = (await bulk.create({ userIds: ids, removePermissions: ['lar'], addClients: [1006], preview: true })) as IdpBulkEditResult;
    expect(preview.applied).toBe(0);
    expect(preview.rows.map((r) => [r.username, r.outcome, r.removed.permissions, r.added.clients])).toEqual([
      ['client1', 'changed', ['lar'], [1006]],
      ['accountant', 'changed', ['lar'], [1006]],
      ['clerk', 'changed', ['lar'], [1006]],
    ]);
    expect((await findAll(app, { permissions: 'lar' })).data.map((u) => u.username)).toEqual(expect.arrayContaining(['client1', 'accountant', 'clerk']));
    const applied = (await bulk.create({ userIds: ids, removePermissions: ['lar'], preview: false })) as IdpBulkEditResult;
    expect(applied.applied).toBe(3);
    const after = await findAll(app);
    for (const id of ids) expect(after.data.find((u) => u.id === id)!.permissions).not.toContain('lar');

    const self = all.data.find((u) => u.username === 'admin')!.id;
    const refused = (await bulk.create({ userIds: [self], removePermissions: ['adm'], preview: false })) as IdpBulkEditResult;
    expect(refused.rows[0]).toMatchObject({ outcome: 'refused', reason: 'You cannot remove your own adm permission.' });
    expect(refused.applied).toBe(0);
  });

  it('deletes a user: the name is free again, the user is gone, and one cannot delete oneself', async () => {
    const app = await admin();
    const users = app.service('idp-users');
    const created = (await users.create({ ...base, username: 'temp.user', email: 'temp@example.at', permissions: ['doc'], klienten: [1003] })) as IdpUser;
    await users.remove(created.id);
    await expect(users.get(created.id)).rejects.toMatchObject({ name: 'NotFound' });
    const again = (await users.create({ ...base, username: 'temp.user', email: 'temp@example.at', permissions: ['doc'], klienten: [1003] })) as IdpUser;
    expect(again.id).not.toBe(created.id);
    const self = (await findAll(app, { $search: 'admin@huber' })).data[0]!;
    await expect(users.remove(self.id)).rejects.toMatchObject({ name: 'Forbidden', message: 'You cannot delete your own account.' });
  });
});
