import { FeathersError } from './errors';
import { ACK_TIMEOUT_MS, FeathersClient } from './feathers-client';
import { MemoryTokenStorage } from './token-storage';
import { FakeSocket, flush } from '../test-support/fake-socket';

const authOk = (data: { accessToken: string }) => ({ accessToken: data.accessToken, authentication: { strategy: 'jwt' }, user: { email: 'a@b' } });

describe('FeathersClient', () => {
  it('emits method, path, arguments and an ack with the 120000 ms timeout', async () => {
    const socket = new FakeSocket().handle('find', 'accounting-client', () => ({ total: 0, limit: 5, skip: 0, data: [] }));
    const client = new FeathersClient(socket);
    await client.service('accounting-client').find({ $limit: 5 });
    await client.call('get', 'x', 1, {}).catch(() => undefined);
    expect(socket.calls[0]).toEqual({ method: 'find', path: 'accounting-client', args: [{ $limit: 5 }], timeout: ACK_TIMEOUT_MS });
  });

  it('sends patch as id, data, query and remove as id, query', async () => {
    const socket = new FakeSocket().handle('patch', 'accounting-client', (id, data) => ({ id, ...data })).handle('remove', 'accounting-client', (id) => ({ id }));
    const client = new FeathersClient(socket);
    await client.service('accounting-client').patch(1, { company_name: 'New' });
    await client.service('accounting-client').remove(1);
    expect(socket.calls.map((c) => c.args)).toEqual([[1, { company_name: 'New' }, {}], [1, {}]]);
  });

  it('turns wire errors into Feathers error objects', async () => {
    const socket = new FakeSocket().handle('get', 'config', () => {
      throw { name: 'NotFound', message: 'No record', code: 404, className: 'not-found', data: { id: 'x' } };
    });
    const error = await new FeathersClient(socket).service('config').get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeathersError);
    expect(error).toMatchObject({ name: 'NotFound', message: 'No record', code: 404, className: 'not-found', data: { id: 'x' } });
  });

  it('reports an unanswered call as a Timeout error with the socket message', async () => {
    const error = await new FeathersClient(new FakeSocket()).call('find', 'nothing', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'Timeout', code: 408, message: 'operation has timed out' });
  });

  it('follows pagination in findAll', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ id: i }));
    const socket = new FakeSocket().handle('find', 'items', (q: { $skip: number }) => ({ total: 5, limit: 2, skip: q.$skip, data: all.slice(q.$skip, q.$skip + 2) }));
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
