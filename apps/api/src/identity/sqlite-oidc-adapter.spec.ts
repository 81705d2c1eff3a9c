import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteOidcStore } from './sqlite-oidc-adapter';

describe('the provider state in SQLite', () => {
  let dir: string;
  let clock = 1_000;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'oidc-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = () => openSqliteOidcStore(join(dir, 'oidc.sqlite'), { now: () => clock });

  it('keeps sessions and refresh tokens across a reopen (a restart)', async () => {
    const first = open();
    await new first.Adapter('Session').upsert('s1', { accountId: 'u1', uid: 'uid-1' }, 3600);
    await new first.Adapter('RefreshToken').upsert('r1', { accountId: 'u1', grantId: 'g1' }, 3600);
    first.close();
    const second = open();
    await expect(new second.Adapter('Session').find('s1')).resolves.toEqual({ accountId: 'u1', uid: 'uid-1' });
    await expect(new second.Adapter('Session').findByUid('uid-1')).resolves.toMatchObject({ accountId: 'u1' });
    await expect(new second.Adapter('RefreshToken').find('r1')).resolves.toMatchObject({ grantId: 'g1' });
    await expect(new second.Adapter('Session').find('r1')).resolves.toBeUndefined();
    second.close();
  });

  it('marks consumed codes, revokes everything of a grant, and forgets expired entries', async () => {
    const store = open();
    const codes = new store.Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    await expect(codes.find('c1')).resolves.toMatchObject({ consumed: clock });
    await new store.Adapter('RefreshToken').upsert('r1', { grantId: 'g1' }, 3600);
    await new store.Adapter('RefreshToken').upsert('r2', { grantId: 'g2' }, 3600);
    await codes.revokeByGrantId('g1');
    await expect(new store.Adapter('RefreshToken').find('r1')).resolves.toBeUndefined();
    await expect(new store.Adapter('RefreshToken').find('r2')).resolves.toBeDefined();
    clock += 3601;
    await expect(new store.Adapter('RefreshToken').find('r2')).resolves.toBeUndefined();
    expect(store.sweep()).toBe(1);
    store.close();
  });

  it('tells a live session by its id (the browser cookie) or its uid, and an ended or expired one as not live', async () => {
    const store = open();
    await new store.Adapter('Session').upsert('s1', { accountId: 'u1', uid: 'uid-1' }, 60);
    await new store.Adapter('RefreshToken').upsert('r1', { accountId: 'u1', grantId: 'g1' }, 3600);
    expect(store.isSessionIdLive('s1')).toBe(true);
    expect(store.isSessionLive('uid-1')).toBe(true);
    expect(store.isSessionIdLive('r1')).toBe(false);
    expect(store.isSessionIdLive('uid-1')).toBe(false);
    clock += 61;
    expect(store.isSessionIdLive('s1')).toBe(false);
    await new store.Adapter('Session').upsert('s2', { accountId: 'u1', uid: 'uid-2' }, 60);
    await new store.Adapter('Session').destroy('s2');
    expect(store.isSessionIdLive('s2')).toBe(false);
    store.close();
  });
});
