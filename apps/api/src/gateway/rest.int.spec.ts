import authentication from '@feathersjs/authentication-client';
import { feathers } from '@feathersjs/feathers';
import rest from '@feathersjs/rest-client';
import type { Company } from '@portal/contracts';
import { MemoryStorage } from '@portal/tools';
import { PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start();

/** A script's client: the official Feathers REST client with the official authentication client. */
function restClient() {
  const app = feathers();
  app.configure(rest(`${session.url}/api/rest`).fetch(fetch));
  app.configure(authentication({ storage: new MemoryStorage() }));
  return app;
}

async function signedIn(username: string) {
  const app = restClient();
  await app.authenticate({ strategy: 'jwt', accessToken: await session.token(username) });
  return app;
}

describe('REST for every service (@feathersjs/rest-client)', () => {
  it('finds with the socket query syntax, gets, and patches with a revision; a stale revision answers Conflict', async () => {
    const accountant = await signedIn('accountant');
    const page = (await accountant
      .service('accounting-client')
      .find({ query: { $or: [{ company_no: 1001 }, { company_no: { $in: [1003, 1006] } }], $sort: { company_no: -1 }, $limit: 10 } })) as {
      total: number;
      data: Company[];
    };
    // 1006 is not one of the accountant's clients: the scope holds over REST as well.
    expect(page.data.map((c) => c.company_no)).toEqual([1003, 1001]);
    const companies = (await signedIn('admin')).service('accounting-client');
    const seen = (await companies.get(1002)) as Company;
    const patched = (await companies.patch(1002, { company_place: 'Salzburg-Lehen' }, { query: { revision: seen.revision } })) as Company;
    expect(patched).toMatchObject({ company_no: 1002, company_place: 'Salzburg-Lehen', revision: seen.revision + 1 });
    await expect(companies.patch(1002, { company_place: 'Salzburg' }, { query: { revision: seen.revision } })).rejects.toMatchObject({
      name: 'Conflict',
      code: 409,
    });
    // A retried commandId is applied once.
    const once = (await companies.patch(1002, { company_place: 'Salzburg' }, { query: { commandId: 'rest-retry-1' } })) as Company;
    const again = (await companies.patch(1002, { company_place: 'Salzburg' }, { query: { commandId: 'rest-retry-1' } })) as Company;
    expect(again.revision).toBe(once.revision);
  });

  it('answers errors as Feathers errors: not signed in, another client, a missing permission, bad input, an unknown service', async () => {
    await expect(restClient().service('accounting-client').find({ query: {} })).rejects.toMatchObject({ name: 'NotAuthenticated', code: 401 });
    const client1 = await signedIn('client1');
    await expect(client1.service('accounting-client').get(1002)).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    await expect(client1.service('accounting-client').create({ company_no: 7001, company_name: 'REST GmbH', company_place: 'Wels' })).rejects.toMatchObject({
      name: 'Forbidden',
      code: 403,
    });
    await expect(client1.service('accounting-client').remove(1001)).rejects.toMatchObject({
      name: 'BadRequest',
      message: "Method 'remove' is not supported by service 'accounting-client'",
    });
    await expect(client1.service('no-such-service').find({})).rejects.toMatchObject({ name: 'BadRequest', message: "Service 'no-such-service' not found" });
    await expect(client1.service('documents').find({ query: { $or: Array.from({ length: 101 }, (_, i) => ({ title: `t${i}` })) } })).rejects.toMatchObject({
      name: 'BadRequest',
      message: expect.stringContaining('more than 100 entries'),
    });
  });

  it('refuses a body that is not JSON, an id on POST and a token that is not one, each as Feathers error JSON', async () => {
    const token = await session.token('admin');
    const malformed = await fetch(`${session.url}/api/rest/accounting-client/1001`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"company_place": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ name: 'BadRequest', className: 'bad-request', message: 'The body is not valid JSON.' });
    const postWithId = await fetch(`${session.url}/api/rest/accounting-client/1001`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(postWithId.status).toBe(405);
    const forged = await fetch(`${session.url}/api/rest/accounting-client`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ name: 'NotAuthenticated' });
  });
});
