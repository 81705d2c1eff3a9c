import { NotAuthenticated } from '@portal/contracts';
import { cachingTokenVerifier } from './verified-token-cache';
import type { VerifiedToken } from './token-verifier';

const T0 = 1_800_000_000_000;

function countingVerifier(expSeconds: number) {
  const calls: string[] = [];
  const verify = async (token: string): Promise<VerifiedToken> => {
    calls.push(token);
    if (token === 'bad') throw NotAuthenticated('Token signature is invalid');
    return { sub: `user-of-${token}`, raw: { sub: `user-of-${token}`, exp: expSeconds } };
  };
  return { verify, calls };
}

describe('cachingTokenVerifier', () => {
  it('verifies the same token once within the time to live and answers the same claims', async () => {
    let now = T0;
    const { verify, calls } = countingVerifier(T0 / 1000 + 300);
    const cached = cachingTokenVerifier(verify, { now: () => now });
    const first = await cached('a');
    now += 59_000;
    expect(await cached('a')).toBe(first);
    expect(calls).toEqual(['a']);
  });

  it('verifies again after the time to live', async () => {
    let now = T0;
    const { verify, calls } = countingVerifier(T0 / 1000 + 300);
    const cached = cachingTokenVerifier(verify, { now: () => now, ttlMs: 60_000 });
    await cached('a');
    now += 60_000;
    await cached('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('does not answer an expired token from the cache: it goes to the verifier, which refuses it', async () => {
    let now = T0;
    const calls: string[] = [];
    const verify = async (token: string): Promise<VerifiedToken> => {
      calls.push(token);
      if (now >= T0 + 15_000) throw NotAuthenticated('Token expired');
      return { sub: 'u', raw: { sub: 'u', exp: T0 / 1000 + 10 } };
    };
    const cached = cachingTokenVerifier(verify, { now: () => now, clockToleranceSeconds: 5 });
    await cached('a');
    now = T0 + 14_999;
    await cached('a');
    expect(calls).toEqual(['a']);
    now = T0 + 15_000;
    await expect(cached('a')).rejects.toMatchObject({ name: 'NotAuthenticated', message: 'Token expired' });
    expect(calls).toEqual(['a', 'a']);
  });

  it('never keeps a refused token: each try is verified again', async () => {
    const { verify, calls } = countingVerifier(T0 / 1000 + 300);
    const cached = cachingTokenVerifier(verify, { now: () => T0 });
    await expect(cached('bad')).rejects.toMatchObject({ name: 'NotAuthenticated' });
    await expect(cached('bad')).rejects.toMatchObject({ name: 'NotAuthenticated' });
    expect(calls).toEqual(['bad', 'bad']);
  });

  it('keys by the whole token: another token is verified on its own', async () => {
    const { verify, calls } = countingVerifier(T0 / 1000 + 300);
    const cached = cachingTokenVerifier(verify, { now: () => T0 });
    expect((await cached('a')).sub).toBe('user-of-a');
    expect((await cached('ab')).sub).toBe('user-of-ab');
    expect(calls).toEqual(['a', 'ab']);
  });

  it('forgets the oldest token when full', async () => {
    const { verify, calls } = countingVerifier(T0 / 1000 + 300);
    const cached = cachingTokenVerifier(verify, { now: () => T0, maxEntries: 2 });
    for (const token of ['a', 'b', 'c', 'b', 'a']) await cached(token);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
