import type { AddressRecord } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { AddressesStore } from './AddressesStore';

const address = (id: number, name: string, over: Partial<AddressRecord> = {}): AddressRecord => ({
  id,
  name,
  legal_form: null,
  street: null,
  postcode: null,
  place: null,
  country: 'AT',
  vat_id: null,
  tax_number: null,
  register_number: null,
  ibans: [],
  email: null,
  phone: null,
  accounts: [],
  client_nos: [],
  rpa: false,
  rpa_since: null,
  vat_check: null,
  status: 'active',
  merged_into: null,
  merged_from: [],
  created_at: '',
  created_by: '',
  updated_at: '',
  revision: 1,
  ...over,
});

async function started() {
  const socket = portalSocket({ user: user({ permissions_array: ['adm'], all_clients: true }) });
  const finds: Array<Record<string, unknown>> = [];
  socket.handle('find', 'addresses', (q: Record<string, unknown>) => {
    finds.push(q);
    return { total: 3, limit: 50, skip: 0, data: [address(1, 'Alpha'), address(2, 'Beta', { rpa: true })] };
  });
  socket.handle('get', 'addresses', (id: number) => address(id, `Address ${id}`));
  socket.handle('find', 'address-history', () => ({ total: 1, limit: 1, skip: 0, data: [{ id: 'a', type: 'AddressCreated' }] }));
  socket.handle('create', 'addresses', () => {
    throw {
      name: 'Conflict',
      code: 409,
      className: 'conflict',
      message: 'Failed to create address in RPA database: VAT ID X is already in the RPA database (Y).',
      data: { key: 'rpaFailed', reason: { key: 'rpaVatTaken', vatId: 'X', name: 'Y' } },
    };
  });
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new AddressesStore(t.root);
  store.activate();
  await store.reload();
  return { ...t, store, finds };
}

describe('AddressesStore', () => {
  it('asks for prefix matches of every word and for the RPA filter', async () => {
    const { store, finds } = await started();
    await store.setFilters({ search: 'tiroler hol', rpaOnly: true });
    expect(finds.at(-1)).toMatchObject({ search: 'tiroler* hol*', rpa: true, $skip: 0 });
    expect(store.addresses.hasMore).toBe(true);
  });

  it('keeps a refused create in actionError with the server’s key for the translation', async () => {
    const { store } = await started();
    expect(await store.create({ name: 'Y Kopie', vat_id: 'X', rpa: true })).toBeNull();
    expect(store.actionError?.data).toMatchObject({ key: 'rpaFailed', reason: { key: 'rpaVatTaken' } });
  });

  it('applies pushed changes: a merged address leaves the list, a new one is added in name order, the selection follows', async () => {
    const { store, socket } = await started();
    await store.select(1);
    socket.push('addresses patched', address(1, 'Alpha', { status: 'merged', merged_into: 2, revision: 2 }));
    socket.push('addresses created', address(3, 'Aaron GmbH'));
    await flush();
    expect(store.addresses.items.map((a) => a.id)).toEqual([3, 2]);
    expect(store.selected?.status).toBe('merged');
  });

  it('loads the selected address’s history newest first', async () => {
    const { store } = await started();
    await store.select(2);
    expect(store.selected?.name).toBe('Address 2');
    expect(store.history).toHaveLength(1);
  });
});
