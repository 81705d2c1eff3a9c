import type { PersonAccount } from '@portal/contracts';
import { flush } from '../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../test-support/fixtures';

const person = (account: string, type: 2 | 3 | 4, overrides: Partial<PersonAccount> = {}): PersonAccount => ({
  id: `1001-2025-${account}`,
  client_no: 1001,
  accounting: 2025,
  account,
  type,
  name: `Partner ${account}`,
  vat_id: null,
  iban: null,
  address: { street: null, postcode: null, city: 'Graz', country: 'AT' },
  created_at: '',
  created_by: 'system',
  updated_at: '',
  revision: 1,
  ...overrides,
});

async function loaded() {
  const socket = portalSocket({ user: user({ permissions_array: ['acc'] }) })
    .handle('find', 'acc-exp-acc', () => [
      { id: 'd', client_no: 1001, accounting: null, account: '510000', name: 'Default', tax_rate: 20, revision: 0, updated_at: '' },
      { id: 'p', client_no: 1001, accounting: 2025, account: '510000', name: 'Period 2025', tax_rate: 10, revision: 0, updated_at: '' },
      { id: 'o', client_no: 1001, accounting: 2024, account: '520000', name: 'Only 2024', tax_rate: 20, revision: 0, updated_at: '' },
    ])
    .handle('find', 'acc-suppliers', (q: { types: number[] }) =>
      q.types.includes(3) ? [person('330100', 3), person('400000', 4)] : [person('200100', 2), person('400000', 4)],
    )
    .handle('find', 'acc-cost', () => [])
    .handle('create', 'acc-suppliers', (data: { account: string }) => person(data.account, 3));
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  await t.root.accounting.load(1001, [2025, 2024]);
  return t;
}

describe('AccountingStore', () => {
  it('lists suppliers (types 3 and 4) and customers (types 2 and 4) apart', async () => {
    const { root } = await loaded();
    expect(root.accounting.personOptions('supplier', 2025).map((o) => o.value)).toEqual(['330100', '400000']);
    expect(root.accounting.personOptions('customer', 2025).map((o) => o.value)).toEqual(['200100', '400000']);
  });

  it("prefers a period's own expense account over the company default", async () => {
    const { root } = await loaded();
    expect(root.accounting.expenseOptions(2025)).toEqual([{ value: '510000', label: 'Period 2025', detail: '10 %' }]);
    expect(root.accounting.expenseOptions(2024).map((o) => o.label)).toEqual(['Default', 'Only 2024']);
  });

  it('shows a supplier created anywhere live in the pickers of the same client only', async () => {
    const { root, socket } = await loaded();
    socket.push('acc-suppliers created', person('330900', 3, { name: 'New Supplier' }));
    socket.push('acc-suppliers created', person('330901', 3, { client_no: 1002, id: 'other' }));
    expect(root.accounting.personOptions('supplier', 2025).map((o) => o.label)).toContain('New Supplier');
    expect(root.accounting.personOptions('supplier', 2025)).toHaveLength(3);
  });

  it('loads nothing for a user without acc', async () => {
    const socket = portalSocket();
    const t = makeRoot({ socket });
    await t.root.session.login('token-1');
    await t.root.accounting.load(1001, [2025]);
    await flush();
    expect(socket.callsOf('find', 'acc-exp-acc')).toHaveLength(0);
  });
});
