import { reaction } from 'mobx';
import { flush } from '../test-support/fake-socket';
import { makeRoot, user } from '../test-support/fixtures';
import { TOKEN_REFRESH_INTERVAL_MS } from './SessionStore';

describe('SessionStore', () => {
  it('starts unauthenticated', () => {
    const { root } = makeRoot();
    expect(root.session.status).toBe('unauthenticated');
    expect(root.session.has('doc')).toBe(false);
  });

  it('logs in with the access token and exposes user, email and permissions', async () => {
    const { root } = makeRoot();
    await root.session.login('token-1');
    expect(root.session.isAuthenticated).toBe(true);
    expect(root.session.email).toBe('client1@example.test');
    expect(root.session.has('doc')).toBe(true);
    expect(root.session.has('ove', 'adm')).toBe(false);
  });

  it('asks the login client for a new login when the token is rejected with 401', async () => {
    const { root, auth } = makeRoot();
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(root.session.login('expired')).rejects.toMatchObject({ code: 401 });
    err.mockRestore();
    expect(root.session.status).toBe('failed');
    expect(auth.logins).toBe(1);
  });

  it('refreshes every 60000 ms and re-authenticates the connection with the new token', async () => {
    const { root, auth, clock, socket } = makeRoot();
    await root.session.login('token-1');
    root.session.startRefreshLoop();
    auth.nextRefresh = 'refresh';
    clock.tick(TOKEN_REFRESH_INTERVAL_MS);
    await flush();
    expect(root.session.accessToken).toBe('token-2');
    expect(socket.callsOf('create', 'authentication').map((c) => (c.args[0] as { accessToken: string }).accessToken)).toEqual(['token-1', 'token-2']);
  });

  it('keeps the same user object when a refreshed token brings the same user (nothing that reads it renders again)', async () => {
    const { root, auth, clock } = makeRoot();
    await root.session.login('token-1');
    const changes = jest.fn();
    const stop = reaction(() => [root.session.user, root.session.permissions], changes);
    root.session.startRefreshLoop();
    auth.nextRefresh = 'refresh';
    clock.tick(TOKEN_REFRESH_INTERVAL_MS);
    await flush();
    stop();
    expect(root.session.accessToken).toBe('token-2');
    expect(changes).not.toHaveBeenCalled();
  });

  it('keeps the session when the token is still valid or the refresh fails (only logged)', async () => {
    const { root, auth } = makeRoot();
    await root.session.login('token-1');
    expect(await root.session.refreshToken()).toBe(false);
    auth.nextRefresh = 'fail';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await root.session.refreshToken()).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(root.session.isAuthenticated).toBe(true);
  });

  it('applies the user again after the socket re-authenticates on reconnect', async () => {
    const { root, socket } = makeRoot();
    await root.session.login('token-1');
    socket.disconnect();
    socket.connect();
    await flush();
    expect(socket.callsOf('create', 'authentication')).toHaveLength(2);
    expect(root.session.isAuthenticated).toBe(true);
  });

  it('logs out of the portal and of the identity provider, landing on the given URL', async () => {
    const { root, auth, socket, clock } = makeRoot();
    await root.session.login('token-1');
    root.session.startRefreshLoop();
    await root.session.logout('http://portal/');
    expect(socket.callsOf('remove', 'authentication')).toHaveLength(1);
    expect(auth.logouts).toEqual(['http://portal/']);
    expect(root.session.user).toBeNull();
    expect(clock.timers.size).toBe(0);
  });

  it("applies the user's own locale in the step that signs them in, over the language this browser remembered", async () => {
    const { root, socket, storage } = makeRoot();
    root.ui.setLocale('en');
    socket.handle('create', 'authentication', () => ({ accessToken: 't', authentication: { strategy: 'jwt' }, user: user({ locale: 'de' }) }));
    const seen: string[] = [];
    const { reaction } = await import('mobx');
    const stop = reaction(
      () => root.session.isAuthenticated,
      (signedIn) => signedIn && seen.push(root.ui.locale),
    );
    await root.session.login('t');
    stop();
    expect(seen).toEqual(['de']);
    expect(storage.get('portal-locale')).toBe('de');
  });

  it('knows admin permissions', async () => {
    const { root } = makeRoot();
    const socket = root.client.socket as import('../test-support/fake-socket').FakeSocket;
    socket.handle('create', 'authentication', () => ({
      accessToken: 't',
      authentication: { strategy: 'jwt' },
      user: user({ permissions_array: ['adm', 'ove'] }),
    }));
    await root.session.login('t');
    expect(root.session.has('adm')).toBe(true);
  });

  it('changing the language is a command on the account, remembered for the next load, and undone when refused', async () => {
    const { root, socket, storage } = makeRoot();
    await root.session.login('token-1');
    socket.handle('patch', 'account', (id, data) => ({ id, ...(data as object) }));
    await root.session.changeLocale('en');
    expect(root.ui.locale).toBe('en');
    expect(storage.get('portal-locale')).toBe('en');
    expect(socket.callsOf('patch', 'account')[0]?.args.slice(0, 2)).toEqual(['me', { locale: 'en' }]);
    expect(root.session.user?.locale).toBe('en');

    socket.handle('patch', 'account', () => {
      throw { name: 'BadRequest', code: 400, message: 'Error saving personal details' };
    });
    await root.session.changeLocale('de');
    expect(root.ui.locale).toBe('en');
    expect(root.ui.snackbars.at(-1)?.message).toBe('Error saving personal details');
  });
});
