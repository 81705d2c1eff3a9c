import type { CompanySettings } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { SettingsStore } from './SettingsStore';

const record = (overrides: Partial<CompanySettings> = {}): CompanySettings => ({
  id: 1001,
  client_no: 1001,
  account_system: 'DATEV',
  chart_of_accounts: 'EKR',
  country: 'AT',
  erp_consultant_no: 1001,
  erp_client_no: 1001,
  default_expense_account: '510000',
  fiscal_year_start_month: 1,
  tax_rates: [20, 13, 10, 0],
  payment_terms: { net_days: 30, skonto: [{ days: 14, percent: 2 }] },
  dunning_levels: [{ level: 1, days_after_due: 14, fee: 0 }],
  bank_import: { format: 'camt.053', auto_match: true, amount_tolerance: 0, date_tolerance_days: 5, skip_duplicates: true },
  retention_years: 7,
  document_language: 'de',
  auto_confirm_einvoices: false,
  upload_email: 'x@y',
  revision: 4,
  updated_at: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

async function opened(patch?: (data: Record<string, unknown>, query: unknown) => unknown) {
  const socket = portalSocket({ user: user({ permissions_array: ['adm'], all_clients: true }) });
  socket.handle('find', 'company-settings', () => ({ total: 1, limit: 10, skip: 0, data: [record()] }));
  socket.handle('find', 'acc-exp-acc', () => ({
    total: 1,
    limit: 500,
    skip: 0,
    data: [{ id: 'x', client_no: 1001, accounting: null, account: '510000', name: 'Wareneinsatz', tax_rate: 20, revision: 1, updated_at: '' }],
  }));
  const patches: unknown[] = [];
  socket.handle('patch', 'company-settings', (id: number, data: Record<string, unknown>, query: unknown) => {
    patches.push({ id, data, query });
    return patch ? patch(data, query) : record({ ...data, revision: 5 });
  });
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new SettingsStore(t.root);
  const stop = store.activate();
  await store.open(1001);
  return { ...t, store, stop, patches };
}

describe('SettingsStore', () => {
  it('loads the client settings into a draft and names the default expense account', async () => {
    const { store } = await opened();
    expect(store.draft?.tax_rates).toEqual([20, 13, 10, 0]);
    expect(store.accountName('510000')).toBe('Wareneinsatz');
    expect(store.dirty).toBe(false);
  });

  it('sends only the changed keys with the revision the form was based on', async () => {
    const { store, patches } = await opened();
    store.set('retention_years', 10);
    store.set('dunning_levels', [{ level: 1, days_after_due: 10, fee: 0 }]);
    expect(await store.save()).toBe(true);
    expect(patches).toEqual([{ id: 1001, data: { dunning_levels: [{ level: 1, days_after_due: 10, fee: 0 }], retention_years: 10 }, query: { revision: 4 } }]);
    expect(store.dirty).toBe(false);
    expect(store.record?.revision).toBe(5);
  });

  it('keeps the server’s issues per field after a refused save and clears a field’s issues when it is edited', async () => {
    const { store } = await opened(() => {
      throw {
        name: 'Unprocessable',
        code: 422,
        className: 'unprocessable',
        message: 'Invalid settings',
        data: {
          issues: [
            { field: 'default_expense_account', key: 'accountNotFound', message: 'Account not found' },
            { field: 'payment_terms.skonto', key: 'skontoOrder', message: 'x' },
          ],
        },
      };
    });
    store.set('default_expense_account', '999999');
    expect(await store.save()).toBe(false);
    expect(store.issuesOf('default_expense_account').map((i) => i.key)).toEqual(['accountNotFound']);
    expect(store.issuesOf('payment_terms').map((i) => i.key)).toEqual(['skontoOrder']);
    store.set('default_expense_account', '510000');
    expect(store.issuesOf('default_expense_account')).toEqual([]);
  });

  it('does not save while a field cannot be read as a number', async () => {
    const { store } = await opened();
    store.set('retention_years', 9);
    store.markReadable('retention_years', false);
    expect(store.canSave).toBe(false);
    store.markReadable('retention_years', true);
    expect(store.canSave).toBe(true);
  });

  it('takes a pushed change into the draft when nothing is edited, and only flags it while the admin edits', async () => {
    const { store, socket } = await opened();
    socket.push('company-settings patched', record({ revision: 6, retention_years: 9 }));
    await flush();
    expect(store.draft?.retention_years).toBe(9);
    store.set('fiscal_year_start_month', 7);
    socket.push('company-settings patched', record({ revision: 7, retention_years: 12 }));
    await flush();
    expect(store.changedElsewhere).toBe(true);
    expect(store.draft?.fiscal_year_start_month).toBe(7);
    expect(store.record?.retention_years).toBe(12);
    store.discard();
    expect(store.draft?.retention_years).toBe(12);
    expect(store.changedElsewhere).toBe(false);
  });

  it('ignores pushed settings of another client', async () => {
    const { store, socket } = await opened();
    socket.push('company-settings patched', record({ client_no: 1002, id: 1002, revision: 9, retention_years: 20 }));
    await flush();
    expect(store.record?.retention_years).toBe(7);
  });
});
