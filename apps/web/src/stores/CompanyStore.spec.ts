import { flush } from '../test-support/fake-socket';
import { company, makeRoot, portalSocket, user } from '../test-support/fixtures';
import { matchesCompany } from './CompanyStore';

const three = [
  company(1003, { company_name: 'Gamma GmbH', company_place: 'Wien' }),
  company(1001, { company_name: 'Alpha AG', company_place: 'Graz' }),
  company(1002, { company_name: 'Beta KG', company_place: 'Linz' }),
];

async function loaded(companies = three, u = user({ klienten_array: [1002, 1001], favClient: null })) {
  const t = makeRoot({ socket: portalSocket({ companies, user: u }) });
  await t.root.session.login('token-1');
  await t.root.company.load();
  return t;
}

describe('CompanyStore', () => {
  it('loads every page of accounting-client with $limit 500, sorted by number', async () => {
    const { root, socket } = await loaded();
    expect(root.company.sorted.map((c) => c.company_no)).toEqual([1001, 1002, 1003]);
    expect(socket.callsOf('find', 'accounting-client')[0].args[0]).toMatchObject({ $limit: 500, $skip: 0 });
    expect(socket.callsOf('find', 'accounting-client')).toHaveLength(2);
  });

  it('selects the favourite client (the first assigned one) by default', async () => {
    const { root } = await loaded();
    expect(root.company.favClient).toBe(1002);
    expect(root.company.client).toBe(1002);
  });

  it("resolves client '0' to the favourite client", async () => {
    const { root } = await loaded(three, user({ favClient: 1003 }));
    expect(root.company.resolveClient('0')).toBe(1003);
    expect(root.company.resolveClient('1001')).toBe(1001);
    expect(root.company.resolveClient(undefined)).toBe(1003);
  });

  it('filters by number prefix, name or place', async () => {
    const { root } = await loaded();
    expect(root.company.filter('1002').map((c) => c.company_no)).toEqual([1002]);
    expect(root.company.filter('alpha').map((c) => c.company_no)).toEqual([1001]);
    expect(root.company.filter('wien').map((c) => c.company_no)).toEqual([1003]);
    expect(root.company.filter('').length).toBe(3);
    expect(matchesCompany(three[0], '2')).toBe(false);
  });

  it('applies pushed patched, created and removed events', async () => {
    const { root, socket } = await loaded();
    socket.push('accounting-client patched', { ...three[1], company_name: 'Alpha Renamed', revision: 2 });
    expect(root.company.companies.get(1001)?.company_name).toBe('Alpha Renamed');
    socket.push('accounting-client created', company(1004));
    expect(root.company.sorted.map((c) => c.company_no)).toEqual([1001, 1002, 1003, 1004]);
    socket.push('accounting-client removed', company(1003));
    expect(root.company.companies.has(1003)).toBe(false);
  });

  it('ignores a pushed record older than the one it holds', async () => {
    const { root, socket } = await loaded();
    socket.push('accounting-client patched', { ...three[1], company_name: 'New', revision: 5 });
    socket.push('accounting-client patched', { ...three[1], company_name: 'Old', revision: 4 });
    expect(root.company.companies.get(1001)?.company_name).toBe('New');
  });

  it('shows the live count of open invoices of the selected company', async () => {
    const { root, socket } = await loaded();
    await root.company.select(1001);
    expect(root.company.invoiceCount).toBe(2);
    socket.push('accounting-client patched', { ...three[1], notifications: { invoices: 7, documents: 9 }, revision: 2 });
    expect(root.company.invoiceCount).toBe(7);
  });

  it('loads company settings and accounting periods when a client is selected', async () => {
    const { root, socket } = await loaded();
    await root.company.select(1003);
    expect(root.company.companyReady).toBe(true);
    expect(root.company.companySettings?.client_no).toBe(1003);
    expect(root.company.accountingPeriods.map((p) => p.accounting)).toEqual([2025, 2024]);
    expect(socket.callsOf('find', 'acc-periods')[0].args[0]).toEqual({ client_no: 1003 });
  });

  it('reloads after a reconnect, catching changes missed while disconnected', async () => {
    const companies = three.map((c) => ({ ...c }));
    const { root, socket } = await loaded(companies);
    socket.disconnect();
    companies[1] = { ...companies[1], company_name: 'Changed meanwhile', revision: 2 };
    socket.connect();
    await flush();
    expect(root.company.companies.get(1001)?.company_name).toBe('Changed meanwhile');
  });

  it('stops listening after dispose', async () => {
    const { root, socket } = await loaded();
    root.company.dispose();
    expect(socket.listenerCount('accounting-client patched')).toBe(0);
  });

  it('reports a failed load', async () => {
    const socket = portalSocket().handle('find', 'accounting-client', () => {
      throw { name: 'Forbidden', message: 'nope', code: 403, className: 'forbidden' };
    });
    const { root } = makeRoot({ socket });
    await expect(root.company.load()).rejects.toMatchObject({ code: 403 });
    expect(root.company.error?.message).toBe('nope');
  });
});
