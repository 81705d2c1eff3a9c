/**
 * Where the embedded provider keeps login secrets, apart from the event log (which is kept forever
 * and must never hold a password hash): the event log records *that* a password changed, this
 * store holds the hash.
 */
export interface PasswordCredential {
  userId: string;
  /** argon2id (or a legacy scrypt hash until the next login rehashes it). */
  passwordHash: string;
  /** A one-time password: the user must choose a new one at the next login. */
  mustChange: boolean;
  /** A demo user's well-known password: accepted in demo mode only. */
  demo: boolean;
  updatedAt: string;
}

/** An authenticator app's shared secret (TOTP); `confirmed` once the user typed a first code. */
export interface TotpCredential {
  secret: string;
  confirmed: boolean;
  /** The time step of the last accepted code (a code is never accepted twice). */
  lastStep: number | null;
}

export interface CredentialStore {
  getPassword(userId: string): Promise<PasswordCredential | null>;
  getTotp(userId: string): Promise<TotpCredential | null>;
  setTotp(userId: string, secret: string, confirmed: boolean): Promise<void>;
  recordTotpStep(userId: string, step: number): Promise<void>;
  /** Removes the TOTP secret and the recovery codes. */
  removeTotp(userId: string): Promise<void>;
  setRecoveryCodes(userId: string, hashes: string[]): Promise<void>;
  /** Marks an unused recovery code as used; false when there is none with that hash. */
  useRecoveryCode(userId: string, hash: string): Promise<boolean>;
  countRecoveryCodes(userId: string): Promise<number>;
  setPassword(credential: Omit<PasswordCredential, 'updatedAt'>): Promise<void>;
  /** How many users hold a password at all (0: nobody can log in yet). */
  countPasswords(): Promise<number>;
  close(): Promise<void>;
}

/** For the standalone provider harness and unit tests. */
export class InMemoryCredentialStore implements CredentialStore {
  private readonly passwords = new Map<string, PasswordCredential>();
  private readonly totps = new Map<string, TotpCredential>();
  private readonly recovery = new Map<string, Set<string>>();

  async getTotp(userId: string): Promise<TotpCredential | null> {
    return this.totps.get(userId) ?? null;
  }

  async setTotp(userId: string, secret: string, confirmed: boolean): Promise<void> {
    this.totps.set(userId, { secret, confirmed, lastStep: this.totps.get(userId)?.secret === secret ? (this.totps.get(userId)?.lastStep ?? null) : null });
  }

  async recordTotpStep(userId: string, step: number): Promise<void> {
    const totp = this.totps.get(userId);
    if (totp) totp.lastStep = step;
  }

  async removeTotp(userId: string): Promise<void> {
    this.totps.delete(userId);
    this.recovery.delete(userId);
  }

  async setRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    this.recovery.set(userId, new Set(hashes));
  }

  async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
    return this.recovery.get(userId)?.delete(hash) ?? false;
  }

  async countRecoveryCodes(userId: string): Promise<number> {
    return this.recovery.get(userId)?.size ?? 0;
  }

  async getPassword(userId: string): Promise<PasswordCredential | null> {
    return this.passwords.get(userId) ?? null;
  }

  async setPassword(credential: Omit<PasswordCredential, 'updatedAt'>): Promise<void> {
    this.passwords.set(credential.userId, { ...credential, updatedAt: new Date().toISOString() });
  }

  async countPasswords(): Promise<number> {
    return this.passwords.size;
  }

  async close(): Promise<void> {}
}
