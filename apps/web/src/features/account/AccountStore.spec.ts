import type { AccountView } from '@portal/contracts';
import { makeRoot } from '../../test-support/fixtures';
import { AccountStore } from './AccountStore';

const account: AccountView = {
  id: 'u-1',
  username: 'client1',
  firstName: 'Clara',
  lastName: 'Client',
  email: 'c@example.test',
  pendingEmail: null,
  telNr: '',
  locale: 'de',
  provider: 'embedded',
  editable: { names: true, phone: true, email: true },
  passwordChangedAt: null,
  lastLogin: null,
  totp: false,
  totpCredentialId: null,
  recoveryCodesLeft: 0,
  securityKeys: [],
  actions: [],
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

  it('asks for a new e-mail address: pending until the link is opened; a refused address stays in the form with the reason', async () => {
    const { root, socket } = makeRoot();
    socket.handle('get', 'account', () => account);
    socket.handle('patch', 'account', (_id, data) => ({ ...account, pendingEmail: (data as { email: string }).email }));
    const store = new AccountStore(root);
    await store.load();
    store.setEmailDraft(' neu@example.test ');
    await store.changeEmail((email) => `sent to ${email}`);
    expect(socket.callsOf('patch', 'account')[0]?.args.slice(0, 2)).toEqual(['me', { email: 'neu@example.test' }]);
    expect(store.account?.pendingEmail).toBe('neu@example.test');
    expect(store.emailDraft).toBe('');
    expect(root.ui.snackbars.at(-1)).toMatchObject({ kind: 'success', message: 'sent to neu@example.test' });
    socket.handle('patch', 'account', () => {
      throw { name: 'Unprocessable', code: 422, message: 'Invalid e-mail address' };
    });
    store.setEmailDraft('kein');
    await store.changeEmail((email) => email);
    expect(store.emailError).toBe('Invalid e-mail address');
    expect(store.emailDraft).toBe('kein');
  });

  it("adds a security key: the server's options to the browser, the browser's answer back under the name; a key that does not answer changes nothing", async () => {
    const { root, socket } = makeRoot();
    const key = { id: 'k1', label: 'YubiKey', createdAt: '2026-01-01T10:00:00Z', lastUsedAt: null };
    socket.handle('get', 'account', () => account);
    socket.handle('patch', 'account', (_id, data) => {
      const change = data as { securityKey: string };
      return change.securityKey === 'options' ? { ...account, securityKeyOptions: { challenge: 'abc' } } : { ...account, securityKeys: [key] };
    });
    const asked: Array<Record<string, unknown>> = [];
    let answer: () => Promise<Record<string, unknown>> = async () => ({ id: 'k1', response: {} });
    const store = new AccountStore(root, async (options) => {
      asked.push(options);
      return answer();
    });
    await store.load();
    store.setKeyLabel(' YubiKey ');
    await store.addSecurityKey({ added: 'added', noAnswer: 'no answer' });
    expect(asked).toEqual([{ challenge: 'abc' }]);
    expect(socket.callsOf('patch', 'account').map((c) => c.args[1])).toEqual([
      { securityKey: 'options' },
      { securityKey: 'register', label: 'YubiKey', response: { id: 'k1', response: {} } },
    ]);
    expect(store.account?.securityKeys).toEqual([key]);
    expect(store.keyLabel).toBe('');

    answer = () => Promise.reject(new Error('NotAllowedError'));
    store.setKeyLabel('Second');
    await store.addSecurityKey({ added: 'added', noAnswer: 'no answer' });
    expect(store.keyError).toBe('no answer');
    expect(socket.callsOf('patch', 'account').filter((c) => (c.args[1] as { securityKey?: string }).securityKey === 'register')).toHaveLength(1);
  });

  it('renames and removes a security key; with Keycloak its own pages carry out the actions', async () => {
    const { root, socket, auth } = makeRoot();
    socket.handle('get', 'account', () => account);
    socket.handle('patch', 'account', () => account);
    const store = new AccountStore(root);
    await store.load();
    expect(await store.renameSecurityKey('k1', 'Blue', 'renamed')).toBe(true);
    expect(await store.removeSecurityKey('k1', 'removed')).toBe(true);
    expect(socket.callsOf('patch', 'account').map((c) => c.args[1])).toEqual([
      { securityKey: 'rename', id: 'k1', label: 'Blue' },
      { securityKey: 'remove', id: 'k1' },
    ]);
    store.providerAction('UPDATE_PASSWORD');
    store.providerAction('delete_credential:otp-1');
    expect(auth.actions).toEqual(['UPDATE_PASSWORD', 'delete_credential:otp-1']);
  });
});
