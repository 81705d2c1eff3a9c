import type { Company, DocumentRecord, Paginated } from '@portal/contracts';
import { textPdf } from '@portal/document-files';
import { PORTAL_START_MS, startPortalProcess, type PortalProcess } from '@portal/tools';
import { connectFeathers, type FeathersPeer } from '@portal/tools';

jest.setTimeout(60_000);

let portal: PortalProcess;
const peers: FeathersPeer[] = [];
const tokens: Record<string, string> = {};

async function signedIn(username: string): Promise<FeathersPeer> {
  const peer = connectFeathers(portal.url);
  peers.push(peer);
  tokens[username] ??= await portal.token(username);
  await peer.app.authenticate({ strategy: 'jwt', accessToken: tokens[username] });
  return peer;
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { name: string; code: number; className: string; message: string };
  }
  throw new Error('expected the call to fail');
};

beforeAll(async () => {
  portal = await startPortalProcess({ env: { PORTAL_SEED_DOCUMENTS: '0' } });
}, PORTAL_START_MS);

afterAll(async () => {
  for (const peer of peers) peer.close();
  await portal?.stop();
});

describe('Feathers gateway with the official client', () => {
  it('authenticates with a token of the embedded provider and answers the spec User', async () => {
    const peer = connectFeathers(portal.url);
    peers.push(peer);
    const result = await peer.app.authenticate({ strategy: 'jwt', accessToken: await portal.token('client1') });
    expect(result.accessToken).toEqual(expect.any(String));
    expect(result.authentication.strategy).toBe('jwt');
    expect(result.user).toMatchObject({ username: 'client1', klienten_array: [1001], favClient: 1001, locale: 'de', enabled: true });
    expect(result.user.permissions_array).toEqual(expect.arrayContaining(['doc', 'rep']));
    expect(result.user.passwordHash).toBeUndefined();
  });

  it('refuses a garbage token with NotAuthenticated', async () => {
    const peer = connectFeathers(portal.url);
    peers.push(peer);
    const error = await errorOf(peer.app.authenticate({ strategy: 'jwt', accessToken: 'not-a-jwt' }));
    expect(error).toMatchObject({ name: 'NotAuthenticated', code: 401, className: 'not-authenticated' });
  });

  it('answers a call before authentication with NotAuthenticated', async () => {
    const peer = connectFeathers(portal.url);
    peers.push(peer);
    const error = await errorOf(peer.app.service('accounting-client').find({}));
    expect(error).toMatchObject({ name: 'NotAuthenticated', code: 401 });
  });

  it('pages companies for an administrator with every client', async () => {
    const admin = await signedIn('admin');
    const page = (await admin.app.service('accounting-client').find({ query: { $limit: 2, $sort: { company_no: 1 } } })) as Paginated<Company>;
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.limit).toBe(2);
    expect(page.skip).toBe(0);
    expect(page.data.map((c) => c.company_no)).toEqual([1001, 1002]);
    const count = (await admin.app.service('accounting-client').find({ query: { $limit: 0 } })) as Paginated<Company>;
    expect(count.data).toEqual([]);
    expect(count.total).toBe(page.total);
  });

  it('shows a client user only their own company', async () => {
    const client = await signedIn('client1');
    const page = (await client.app.service('accounting-client').find({})) as Paginated<Company>;
    expect(page.data.map((c) => c.company_no)).toEqual([1001]);
    const company = (await client.app.service('accounting-client').get(1001)) as Company;
    expect(company).toMatchObject({ company_no: 1001, notifications: { invoices: 0, documents: 0 } });
  });

  it("answers another client's company with NotFound and never its data", async () => {
    const client = await signedIn('client1');
    const error = await errorOf(client.app.service('accounting-client').get(1002));
    expect(error).toMatchObject({ name: 'NotFound', code: 404 });
    expect(JSON.stringify(error)).not.toContain('Bäckerei');
  });

  it('answers a call without the permission with Forbidden', async () => {
    const client = await signedIn('client1');
    const error = await errorOf(client.app.service('accounting-client').patch(1001, { company_name: 'Hijacked GmbH' }));
    expect(error).toMatchObject({ name: 'Forbidden', code: 403, className: 'forbidden' });
    const company = (await client.app.service('accounting-client').get(1001)) as Company;
    expect(company.company_name).not.toBe('Hijacked GmbH');
  });

  it('renames a company through patch, answers the updated read model and pushes it to permitted viewers only', async () => {
    const admin = await signedIn('admin');
    const watcher = await signedIn('client1');
    const outsider = await signedIn('clerk');
    const outsiderEvents: unknown[] = [];
    outsider.app.service('accounting-client').on('patched', (c: unknown) => outsiderEvents.push(c));
    const pushed = new Promise<Company>((resolve) => watcher.app.service('accounting-client').once('patched', resolve));
    const updated = (await admin.app.service('accounting-client').patch(1001, { company_name: 'Alpenblick Hotel & Gastro GmbH' })) as Company;
    expect(updated.company_name).toBe('Alpenblick Hotel & Gastro GmbH');
    expect((await pushed).company_name).toBe('Alpenblick Hotel & Gastro GmbH');
    await new Promise((r) => setTimeout(r, 300));
    expect(outsiderEvents).toEqual([]);
  });

  it('pushes removed to a connection whose user can no longer read a patched record, and patched to one who still can', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await textPdf(['Gehaltsabrechnung Juni', `Lauf ${Date.now()}`]))]), 'juni.pdf');
    const res = await fetch(`${portal.url}/api/documents/upload?client=1001&category=ER_U`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await portal.token('admin')}` },
    });
    const id = ((await res.json()) as { files: Array<{ documentId: number }> }).files[0]!.documentId;
    const admin = await signedIn('admin');
    const viewer = await signedIn('client1');
    const outsider = await signedIn('clerk');
    expect(((await viewer.app.service('documents').get(id)) as DocumentRecord).id).toBe(id);
    const seen = { viewer: [] as string[], outsider: [] as string[] };
    for (const event of ['patched', 'removed']) {
      viewer.app.service('documents').on(event, (d: DocumentRecord) => d.id === id && seen.viewer.push(event));
      outsider.app.service('documents').on(event, (d: DocumentRecord) => d.id === id && seen.outsider.push(event));
    }
    const removed = new Promise<DocumentRecord>((resolve) => viewer.app.service('documents').on('removed', (d: DocumentRecord) => d.id === id && resolve(d)));
    const patched = new Promise<DocumentRecord>((resolve) =>
      admin.app.service('documents').on('patched', (d: DocumentRecord) => d.id === id && d.payroll && resolve(d)),
    );
    // client1 has no dpv: the admin marks the document as payroll.
    await admin.app.service('documents').patch(id, { payroll: true });
    expect((await patched).payroll).toBe(true);
    expect((await removed).id).toBe(id);
    await expect(viewer.app.service('documents').get(id)).rejects.toMatchObject({ code: 404 });
    // Later changes of the record no longer reach client1 at all (before the mark, the reading may have pushed patches).
    seen.viewer.length = 0;
    const renamed = new Promise((resolve) =>
      admin.app.service('documents').on('patched', (d: DocumentRecord) => d.id === id && d.title.endsWith('(Kopie)') && resolve(d)),
    );
    await admin.app.service('documents').patch(id, { title: 'Gehaltsabrechnung Juni (Kopie)' });
    await renamed;
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.viewer).toEqual([]);
    expect(seen.outsider).toEqual([]);
  });

  it('applies a retried command id once', async () => {
    const admin = await signedIn('admin');
    const service = admin.app.service('accounting-client');
    const before = (await service.get(1003)) as Company;
    const first = (await service.patch(1003, { company_place: 'Linz an der Donau' }, { query: { commandId: 'retry-1' } })) as Company;
    const again = (await service.patch(1003, { company_place: 'Linz an der Donau' }, { query: { commandId: 'retry-1' } })) as Company;
    expect(first.revision).toBe(before.revision + 1);
    expect(again.revision).toBe(first.revision);
  });

  it('answers a stale revision with Conflict and keeps the newer state', async () => {
    const admin = await signedIn('admin');
    const service = admin.app.service('accounting-client');
    const seen = (await service.get(1004)) as Company;
    await service.patch(1004, { company_place: 'München-Schwabing' }, { query: { revision: seen.revision } });
    const error = await errorOf(service.patch(1004, { company_place: 'Augsburg' }, { query: { revision: seen.revision } }));
    expect(error).toMatchObject({ name: 'Conflict', code: 409 });
    expect(((await service.get(1004)) as Company).company_place).toBe('München-Schwabing');
  });

  it('creates a company through create and pushes created to administrators', async () => {
    const admin = await signedIn('admin');
    const auditor = await signedIn('auditor');
    const pushed = new Promise<Company>((resolve) => auditor.app.service('accounting-client').once('created', resolve));
    const created = (await admin.app
      .service('accounting-client')
      .create({ company_no: 1099, company_name: 'Seeblick Pension e.U.', company_place: 'Zell am See' })) as Company;
    expect(created).toMatchObject({ company_no: 1099, company_name: 'Seeblick Pension e.U.', revision: 0 });
    expect((await pushed).company_no).toBe(1099);
    const error = await errorOf(admin.app.service('accounting-client').create({ company_no: 1099, company_name: 'Dup', company_place: 'X' }));
    expect(error).toMatchObject({ name: 'Conflict', code: 409 });
  });

  it('answers malformed calls with BadRequest and keeps serving', async () => {
    const admin = await signedIn('admin');
    const companies = admin.app.service('accounting-client');
    await expect(companies.find({ query: { $limit: 100_000 } })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
    await expect(companies.find({ query: { $where: 'sleep(1)' } })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(companies.find({ query: { secret_field: 1 } })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(companies.create({ company_no: 'x' })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(admin.app.service('no-such-service').find({})).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(admin.app.service('document-category').remove(1)).rejects.toMatchObject({ name: 'BadRequest' });
    const raw = await new Promise((resolve) => admin.socket.emit('find', 'accounting-client', 'not-an-object', (error: unknown) => resolve(error)));
    expect(raw).toMatchObject({ name: 'BadRequest', code: 400 });
    const polluted = await new Promise((resolve) =>
      admin.socket.emit('patch', 'accounting-client', 1001, JSON.parse('{"__proto__":{"admin":true}}'), {}, (error: unknown) => resolve(error)),
    );
    expect(polluted).toMatchObject({ name: 'BadRequest' });
    await expect(admin.app.service('config').find({ query: { nope: 1 } })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(admin.app.service('version').find({ query: { $where: 'x' } })).rejects.toMatchObject({ name: 'BadRequest' });
    const binary = await new Promise((resolve) => admin.socket.emit('find', 'accounting-client', Buffer.from('{}'), (error: unknown) => resolve(error)));
    expect(binary).toMatchObject({ name: 'BadRequest' });
    const health = await fetch(`${portal.url}/health`);
    expect(health.status).toBe(200);
  });

  it('serves config, version, categories, settings and accounting periods', async () => {
    const client = await signedIn('client1');
    const config = (await client.app.service('config').get('portal')) as { slogan: { de: string } };
    expect(config.slogan.de).toBe('unabhängig, kompetent, zuverlässig.');
    const version = (await client.app.service('version').find({})) as Paginated<{ major: number; minor: number; patch: number; distance: number }>;
    expect(version.data[0]).toMatchObject({ major: 1, minor: 6, patch: 6 });
    const categories = (await client.app.service('document-category').find({ query: { $sort: { sort: 1 } } })) as Paginated<{ code: string }>;
    expect(categories.data.map((c) => c.code)).toEqual(['ER_U', 'AR_U', 'ER', 'AR', 'KA', 'Other', 'FullText', 'Deleted', 'Latest']);
    const settings = (await client.app.service('company-settings').find({ query: { client_no: 1001 } })) as Paginated<{ client_no: number }>;
    expect(settings.data).toHaveLength(1);
    const periods = (await client.app.service('acc-periods').find({ query: { client: 1001 } })) as Paginated<{ accounting: number; current: boolean }>;
    expect(periods.data.filter((p) => p.current)).toHaveLength(1);
  });

  it('re-authenticates after a reconnect', async () => {
    const client = await signedIn('client1');
    client.socket.disconnect();
    const reauthenticated = new Promise<void>((resolve) => client.app.once('login', () => resolve()));
    client.socket.connect();
    await reauthenticated;
    const page = (await client.app.service('accounting-client').find({})) as Paginated<Company>;
    expect(page.data).toHaveLength(1);
  });
});
