import type { AccountView } from '@portal/contracts';
import { makeRoot } from '../../test-support/fixtures';
import { AccountStore } from './AccountStore';

const account: AccountView = {
  id: 'u-1', username: 'client1', firstName: 'Clara', lastName: 'Client', email: 'c@example.test', telNr: '', locale: 'de', provider: 'embedded',
  passwordChangedAt: null, lastLogin: null, totp: false, recoveryCodesLeft: 0,
  devices: [
    { id: 's1', browser: 'Chrome', os: 'Linux', address: '127.0.0.1', firstSeen: '2026-01-01T10:00:00Z', lastSeen: '2026-01-01T11:00:00Z', current: true },
    { id: 's2', browser: 'Safari', os: 'iOS', address: '10.0.0.2', firstSeen: '2026-01-01T09:00:00Z', lastSeen: '2026-01-01T09:30:00Z', current: false },
  ],
};

describe('AccountStore', () => {
  it('loads the own account and saves changed details; a refusal shows the spec text', async () => {
    const { root, socket } = makeRoot();
    socket.handle('get', 'account', () => account);
    socket.handle('patch', 'account', (_id, data) => ({ ...account, ...(data as object) }));
    const store = new AccountStore(root);
    await store.load();
    expect(store.details).toEqual({ firstName: 'Clara', lastName: 'Client', telNr: '' });
    expect(store.detailsChanged).toBe(false);
    store.setDetail('telNr', '+43 512 1');
    expect(store.detailsChanged).toBe(true);
    await store.saveDetails('saved', 'Error saving personal details');
    expect(store.account?.telNr).toBe('+43 512 1');
    expect(root.ui.snackbars.at(-1)).toMatchObject({ kind: 'success', message: 'saved' });
    socket.handle('patch', 'account', () => {
      throw { name: 'Unprocessable', code: 422, message: 'Invalid phone number' };
    });
    store.setDetail('telNr', 'x');
    await store.saveDetails('saved', 'Error saving personal details');
    expect(root.ui.snackbars.at(-1)).toMatchObject({ kind: 'error', message: 'Error saving personal details: Invalid phone number' });
  });

  it('shows the password rule as the user types and allows the change only when it holds and both entries match', async () => {
    const { root, socket } = makeRoot();
    socket.handle('get', 'account', () => account);
    const store = new AccountStore(root);
    await store.load();
    store.setPassword('current', 'client1');
    store.setPassword('next', 'client1abc');
    expect(store.passwordProblems).toEqual(['containsUsername']);
    store.setPassword('next', 'Steuer 2026!');
    store.setPassword('repeat', 'Steuer 2026?');
    expect(store.passwordProblems).toEqual([]);
    expect(store.passwordsMatch).toBe(false);
    expect(store.mayChangePassword).toBe(false);
    store.setPassword('repeat', 'Steuer 2026!');
    expect(store.mayChangePassword).toBe(true);
    socket.handle('patch', 'account', () => {
      throw { name: 'Unprocessable', code: 422, message: 'The current password is not correct.' };
    });
    await store.changePassword('changed');
    expect(store.passwordError).toBe('The current password is not correct.');
    socket.handle('patch', 'account', () => ({ ...account, passwordChangedAt: '2026-01-02T00:00:00Z', devices: [account.devices[0]] }));
    await store.changePassword('changed');
    expect(store.password).toEqual({ current: '', next: '', repeat: '' });
    expect(store.account?.devices).toHaveLength(1);
  });

  it('signs out another device', async () => {
    const { root, socket } = makeRoot();
    socket.handle('get', 'account', () => account);
    socket.handle('remove', 'account', (id) => ({ ...account, devices: account.devices.filter((d) => d.id !== id) }));
    const store = new AccountStore(root);
    await store.load();
    await store.signOut('s2');
    expect(socket.callsOf('remove', 'account')[0]?.args[0]).toBe('s2');
    expect(store.account?.devices.map((d) => d.id)).toEqual(['s1']);
  });
});
