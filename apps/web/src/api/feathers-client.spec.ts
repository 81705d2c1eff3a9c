import { AuthenticationClient } from '@feathersjs/authentication-client';
import { Conflict, FeathersError, Gone, NotFound } from '@feathersjs/errors';
import { ACK_TIMEOUT_MS, FeathersClient } from './feathers-client';
import { SOCKET_OPTIONS } from './socket-transport';
import { BrowserTokenStorage, MemoryTokenStorage } from './token-storage';
import { FakeSocket, flush } from '../test-support/fake-socket';

const authOk = (data: { accessToken: string }) => ({ accessToken: data.accessToken, authentication: { strategy: 'jwt' }, user: { email: 'a@b' } });

describe('FeathersClient', () => {
  it('is the official Feathers client: a Feathers app with the socket.io transport and the authentication client', () => {
    const client = new FeathersClient(new FakeSocket());
    expect(client.app.authentication).toBeInstanceOf(AuthenticationClient);
    expect(client.app.io).toBe(client.socket);
    expect(typeof client.app.service('accounting-client').find).toBe('function');
  });

  it('emits method, path, arguments and an ack on a socket whose acknowledgements time out after 120000 ms', async () => {
    const socket = new FakeSocket().handle('find', 'accounting-client', () => ({ total: 0, limit: 5, skip: 0, data: [] }));
    const client = new FeathersClient(socket);
    await client.service('accounting-client').find({ $limit: 5 });
    await client.call('get', 'x', 1, {}).catch(() => undefined);
    expect(SOCKET_OPTIONS.ackTimeout).toBe(ACK_TIMEOUT_MS);
    expect(ACK_TIMEOUT_MS).toBe(120000);
    expect(socket.calls[0]).toEqual({ method: 'find', path: 'accounting-client', args: [{ $limit: 5 }], timeout: ACK_TIMEOUT_MS });
    expect(socket.calls[1]).toMatchObject({ method: 'get', path: 'x', args: [1, {}] });
  });

  it('calls a custom method as emit(method, path, data, query)', async () => {
    const socket = new FakeSocket().handle('progress', 'documents', (data) => ({ echoed: data }));
    await expect(new FeathersClient(socket).call('progress', 'documents', { id: 1 }, {})).resolves.toEqual({ echoed: { id: 1 } });
    expect(socket.callsOf('progress', 'documents')[0].args).toEqual([{ id: 1 }, {}]);
  });

  it('sends patch as id, data, query and remove as id, query', async () => {
    const socket = new FakeSocket()
      .handle('patch', 'accounting-client', (id, data) => ({ id, ...data }))
      .handle('remove', 'accounting-client', (id) => ({ id }));
    const client = new FeathersClient(socket);
    await client.service('accounting-client').patch(1, { company_name: 'New' });
    await client.service('accounting-client').remove(1);
    expect(socket.calls.map((c) => c.args)).toEqual([
      [1, { company_name: 'New' }, {}],
      [1, {}],
    ]);
  });

  it('turns wire errors into Feathers error objects', async () => {
    const socket = new FakeSocket().handle('get', 'config', () => {
      throw { name: 'NotFound', message: 'No record', code: 404, className: 'not-found', data: { id: 'x' } };
    });
    const error = await new FeathersClient(socket)
      .service('config')
      .get('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeathersError);
    expect(error).toMatchObject({ name: 'NotFound', message: 'No record', code: 404, className: 'not-found', data: { id: 'x' } });
  });

  it('gives the error classes of @feathersjs/errors, also for names the package only knows by code', async () => {
    const socket = new FakeSocket()
      .handle('get', 'documents', () => {
        throw { name: 'NotFound', message: 'Document not found.', code: 404, className: 'not-found' };
      })
      .handle('patch', 'documents', () => {
        throw { name: 'Conflict', message: 'Changed meanwhile.', code: 409, className: 'conflict', data: { current: { revision: 3 } } };
      })
      .handle('remove', 'documents', () => {
        throw { name: 'Gone', message: 'Purged.', code: 410, className: 'gone' };
      });
    const documents = new FeathersClient(socket).service('documents');
    await expect(documents.get(1)).rejects.toBeInstanceOf(NotFound);
    const conflict = await documents.patch(1, {}, { revision: 2 }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(Conflict);
    expect(conflict).toMatchObject({ code: 409, data: { current: { revision: 3 } } });
    await expect(documents.remove(1)).rejects.toBeInstanceOf(Gone);
  });

  it('reports an unanswered call as a Timeout error with the socket message', async () => {
    const error = await new FeathersClient(new FakeSocket()).call('find', 'nothing', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'Timeout', code: 408, message: 'operation has timed out' });
  });

  it('follows pagination in findAll', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ id: i }));
    const socket = new FakeSocket().handle('find', 'items', (q: { $skip: number }) => ({
      total: 5,
      limit: 2,
      skip: q.$skip,
      data: all.slice(q.$skip, q.$skip + 2),
    }));
    expect(await new FeathersClient(socket).service('items').findAll({ $limit: 2 })).toEqual(all);
    expect(socket.calls.map((c) => (c.args[0] as { $skip: number }).$skip)).toEqual([0, 2, 4]);
  });

  it('authenticates with the JWT strategy and stores the token', async () => {
    const socket = new FakeSocket().handle('create', 'authentication', authOk);
    const storage = new MemoryTokenStorage();
    const client = new FeathersClient(socket, { storage });
    await client.authenticate('jwt-1');
    expect(socket.calls[0].args).toEqual([{ strategy: 'jwt', accessToken: 'jwt-1' }, {}]);
    expect(storage.get()).toBe('jwt-1');
    expect(client.isAuthenticated).toBe(true);
  });

  it('drops the stored token on 401 but keeps it on a 500', async () => {
    let code = 401;
    const socket = new FakeSocket().handle('create', 'authentication', () => {
      throw { name: code === 401 ? 'NotAuthenticated' : 'GeneralError', message: 'no', code, className: 'x' };
    });
    const storage = new MemoryTokenStorage();
    const client = new FeathersClient(socket, { storage });
    storage.set('old');
    await expect(client.authenticate()).rejects.toMatchObject({ code: 401 });
    expect(storage.get()).toBeNull();
    code = 500;
    storage.set('old');
    await expect(client.authenticate()).rejects.toMatchObject({ code: 500 });
    expect(storage.get()).toBe('old');
  });

  it('without a stored token rejects with "No accessToken found in storage"', async () => {
    await expect(new FeathersClient(new FakeSocket()).authenticate()).rejects.toMatchObject({ message: 'No accessToken found in storage', code: 401 });
  });

  it('re-authenticates with the stored token after a reconnect, before further calls', async () => {
    const socket = new FakeSocket().handle('create', 'authentication', authOk).handle('find', 'version', () => []);
    const client = new FeathersClient(socket);
    const reauth = jest.fn();
    client.on('reauthenticated', reauth);
    await client.authenticate('jwt-1');
    socket.disconnect();
    socket.connect();
    const find = client.service('version').find();
    await find;
    await flush();
    expect(socket.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['create authentication', 'create authentication', 'find version']);
    expect(socket.calls[1].args[0]).toEqual({ strategy: 'jwt', accessToken: 'jwt-1' });
    expect(reauth).toHaveBeenCalledTimes(1);
  });

  it('lets calls through while an authenticated connection takes a refreshed token', async () => {
    let release: () => void = () => undefined;
    let n = 0;
    const socket = new FakeSocket()
      .handle('create', 'authentication', async (data: { accessToken: string }) => {
        if (++n === 2) await new Promise<void>((resolve) => (release = resolve));
        return authOk(data);
      })
      .handle('find', 'version', () => []);
    const client = new FeathersClient(socket);
    await client.authenticate('jwt-1');
    const refresh = client.authenticate('jwt-2');
    await expect(client.service('version').find()).resolves.toEqual([]);
    release();
    await expect(refresh).resolves.toMatchObject({ accessToken: 'jwt-2' });
  });

  it('holds calls made while disconnected until the connection is re-authenticated', async () => {
    const socket = new FakeSocket().handle('create', 'authentication', authOk).handle('find', 'version', () => []);
    const client = new FeathersClient(socket);
    await client.authenticate('jwt-1');
    socket.disconnect();
    expect(client.isAuthenticated).toBe(false);
    const find = client.service('version').find();
    await flush();
    expect(socket.callsOf('find', 'version')).toHaveLength(0);
    socket.connect();
    await find;
    expect(socket.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['create authentication', 'create authentication', 'find version']);
  });

  it('keeps the token in browser storage under feathers-jwt', async () => {
    const values = new Map<string, string>();
    const local = {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => void values.set(k, v),
      removeItem: (k: string) => void values.delete(k),
    };
    const socket = new FakeSocket().handle('create', 'authentication', (data: { accessToken: string }) => ({ ...authOk(data), accessToken: 'server-jwt' }));
    const client = new FeathersClient(socket, { storage: new BrowserTokenStorage(local) });
    await client.authenticate('jwt-1');
    expect([...values]).toEqual([['feathers-jwt', 'server-jwt']]);
    await client.logout();
    expect(values.size).toBe(0);
  });

  it('announces a failed re-authentication after a reconnect and drops the token on a 401', async () => {
    let accept = true;
    const socket = new FakeSocket().handle('create', 'authentication', (data: { accessToken: string }) => {
      if (accept) return authOk(data);
      throw { name: 'NotAuthenticated', message: 'jwt expired', code: 401, className: 'not-authenticated' };
    });
    const storage = new MemoryTokenStorage();
    const client = new FeathersClient(socket, { storage });
    const failure = jest.fn();
    client.on('reauthentication-error', failure);
    await client.authenticate('jwt-1');
    accept = false;
    socket.disconnect();
    socket.connect();
    await flush();
    expect(failure).toHaveBeenCalledWith(expect.objectContaining({ name: 'NotAuthenticated', code: 401 }));
    expect(storage.get()).toBeNull();
    expect(client.isAuthenticated).toBe(false);
  });

  it('does not read a token from the location hash, which belongs to the login client', async () => {
    const location = { hash: '#error=login_required&state=abc' };
    (globalThis as { window?: unknown }).window = { location };
    try {
      await expect(new FeathersClient(new FakeSocket()).authenticate()).rejects.toMatchObject({ message: 'No accessToken found in storage' });
      expect(location.hash).toBe('#error=login_required&state=abc');
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });

  it('does not authenticate on a reconnect when it was never authenticated', async () => {
    const socket = new FakeSocket().handle('create', 'authentication', authOk);
    new FeathersClient(socket);
    socket.disconnect();
    socket.connect();
    await flush();
    expect(socket.calls).toHaveLength(0);
  });

  it('delivers pushed service events and stops after unsubscribing', () => {
    const socket = new FakeSocket();
    const listener = jest.fn();
    const off = new FeathersClient(socket).service('accounting-client').on('patched', listener);
    socket.push('accounting-client patched', { id: 1 });
    off();
    socket.push('accounting-client patched', { id: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ id: 1 });
  });

  it('logs out with remove authentication null and forgets the token', async () => {
    const socket = new FakeSocket().handle('create', 'authentication', authOk).handle('remove', 'authentication', () => ({}));
    const storage = new MemoryTokenStorage();
    const client = new FeathersClient(socket, { storage });
    await client.authenticate('jwt-1');
    await client.logout();
    expect(socket.callsOf('remove', 'authentication')[0].args).toEqual([null, {}]);
    expect(storage.get()).toBeNull();
    expect(client.isAuthenticated).toBe(false);
  });
});
