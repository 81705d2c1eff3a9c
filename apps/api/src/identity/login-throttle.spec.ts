import { LoginThrottle } from './login-throttle';

describe('login throttle', () => {
  let now = 1_000_000;
  const throttle = () => new LoginThrottle({ now: () => now });

  const fail = (t: LoginThrottle, account: string, address: string) => {
    const verdict = t.begin(account, address);
    if (!verdict.allowed) return verdict;
    verdict.release();
    return t.failed(account, address);
  };

  it('answers the first failures at once, then ever later', () => {
    const t = throttle();
    const delays = Array.from({ length: 9 }, () => (fail(t, 'client1', 'a') as { delayMs: number }).delayMs);
    expect(delays).toEqual([0, 0, 0, 200, 400, 800, 1600, 3000, 3000]);
  });

  it('locks an account after ten failures in a row, refuses even the right password, and unlocks by itself', () => {
    const t = throttle();
    for (let i = 0; i < 9; i++) expect(fail(t, 'client1', `addr${i}`)).toMatchObject({ lockedUntil: null });
    expect(fail(t, 'client1', 'addr9')).toMatchObject({ failures: 10, lockedUntil: now + 15 * 60_000 });
    expect(t.begin('client1', 'another')).toEqual({ allowed: false, reason: 'account-locked', retryAfterSeconds: 900 });
    expect(t.begin('admin', 'another').allowed).toBe(true);
    now += 15 * 60_000 + 1;
    const verdict = t.begin('client1', 'another');
    expect(verdict.allowed).toBe(true);
  });

  it('locks an address that guesses across many accounts', () => {
    const t = throttle();
    for (let i = 0; i < 30; i++) fail(t, `user${i}`, '10.0.0.9');
    expect(t.begin('user99', '10.0.0.9')).toMatchObject({ allowed: false, reason: 'address-locked' });
    expect(t.begin('user99', '10.0.0.10').allowed).toBe(true);
  });

  it('allows one attempt per account at a time', () => {
    const t = throttle();
    const first = t.begin('client1', 'a');
    expect(first.allowed).toBe(true);
    expect(t.begin('client1', 'b')).toMatchObject({ allowed: false, reason: 'busy' });
    if (first.allowed) first.release();
    expect(t.begin('client1', 'b').allowed).toBe(true);
  });

  it('starts counting again after a correct password and forgets old failures', () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) fail(t, 'client1', 'a');
    t.succeeded('client1');
    expect(fail(t, 'client1', 'b')).toMatchObject({ failures: 1 });
    now += 16 * 60_000;
    expect(fail(t, 'client1', 'b')).toMatchObject({ failures: 1 });
  });
});
