/**
 * Brute-force protection of the login form, per account and per client address:
 * - after a few failures in a row each further failure is answered a little later (growing delay);
 * - after `accountLockAfter` failures in a row the account is locked for `lockMs`, after
 *   `addressLockAfter` failures from one address within `windowMs` the address is (429 with
 *   Retry-After; the lock expires by itself; a correct password during the lock is refused too);
 * - one attempt per account at a time, so parallel guesses do not slip past the count.
 * State is in memory: a restart forgets it (and the locks), which only ever helps the real user.
 */
export interface LoginThrottleOptions {
  accountLockAfter: number;
  addressLockAfter: number;
  /** Failures older than this no longer count. */
  windowMs: number;
  lockMs: number;
  /** Failures in a row answered without delay. */
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  now(): number;
}

export const DEFAULT_LOGIN_THROTTLE: Omit<LoginThrottleOptions, 'now'> = {
  accountLockAfter: 10,
  addressLockAfter: 30,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  freeFailures: 3,
  baseDelayMs: 200,
  maxDelayMs: 3000,
};

interface Counter {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

export type ThrottleVerdict =
  { allowed: true; release(): void } | { allowed: false; retryAfterSeconds: number; reason: 'account-locked' | 'address-locked' | 'busy' };

export interface FailureOutcome {
  /** Wait this long before answering. */
  delayMs: number;
  /** Failures in a row of the account (0 for an unknown account key). */
  failures: number;
  /** Set when this failure locked the account. */
  lockedUntil: number | null;
}

const MAX_TRACKED = 100_000;

export class LoginThrottle {
  private readonly accounts = new Map<string, Counter>();
  private readonly addresses = new Map<string, Counter>();
  private readonly busy = new Set<string>();
  private readonly options: LoginThrottleOptions;

  constructor(options: Partial<LoginThrottleOptions> = {}) {
    this.options = { ...DEFAULT_LOGIN_THROTTLE, now: () => Date.now(), ...options };
  }

  /** Before checking a password: may this address try this account now? */
  begin(accountKey: string, address: string): ThrottleVerdict {
    const now = this.options.now();
    const addressLock = this.current(this.addresses, address, now)?.lockedUntil ?? 0;
    if (addressLock > now) return { allowed: false, reason: 'address-locked', retryAfterSeconds: Math.ceil((addressLock - now) / 1000) };
    const accountLock = this.current(this.accounts, accountKey, now)?.lockedUntil ?? 0;
    if (accountLock > now) return { allowed: false, reason: 'account-locked', retryAfterSeconds: Math.ceil((accountLock - now) / 1000) };
    if (this.busy.has(accountKey)) return { allowed: false, reason: 'busy', retryAfterSeconds: 1 };
    this.busy.add(accountKey);
    return { allowed: true, release: () => this.busy.delete(accountKey) };
  }

  failed(accountKey: string, address: string): FailureOutcome {
    const now = this.options.now();
    const { accountLockAfter, addressLockAfter, lockMs, freeFailures, baseDelayMs, maxDelayMs } = this.options;
    const account = this.bump(this.accounts, accountKey, now);
    const byAddress = this.bump(this.addresses, address, now);
    let lockedUntil: number | null = null;
    if (account.failures >= accountLockAfter && account.lockedUntil <= now) lockedUntil = account.lockedUntil = now + lockMs;
    if (byAddress.failures >= addressLockAfter && byAddress.lockedUntil <= now) byAddress.lockedUntil = now + lockMs;
    const over = Math.max(account.failures, byAddress.failures) - freeFailures;
    const delayMs = over <= 0 ? 0 : Math.min(baseDelayMs * 2 ** (over - 1), maxDelayMs);
    return { delayMs, failures: account.failures, lockedUntil };
  }

  /** A correct password: the account's count starts again (the address's stays). */
  succeeded(accountKey: string): void {
    this.accounts.delete(accountKey);
  }

  private current(map: Map<string, Counter>, key: string, now: number): Counter | undefined {
    const counter = map.get(key);
    if (counter && counter.lockedUntil <= now && now - counter.lastFailure > this.options.windowMs) {
      map.delete(key);
      return undefined;
    }
    return counter;
  }

  private bump(map: Map<string, Counter>, key: string, now: number): Counter {
    let counter = this.current(map, key, now);
    if (!counter) {
      if (map.size >= MAX_TRACKED) this.prune(map, now);
      counter = { failures: 0, lastFailure: now, lockedUntil: 0 };
      map.set(key, counter);
    }
    if (counter.lockedUntil > 0 && counter.lockedUntil <= now) {
      counter.failures = 0;
      counter.lockedUntil = 0;
    }
    counter.failures += 1;
    counter.lastFailure = now;
    return counter;
  }

  private prune(map: Map<string, Counter>, now: number): void {
    for (const [key, counter] of map) if (counter.lockedUntil <= now) map.delete(key);
    if (map.size >= MAX_TRACKED) map.clear();
  }
}
