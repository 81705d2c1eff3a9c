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

/**
 * A registered security key (WebAuthn credential). The event log records only that a key with this
 * label was added, renamed or removed; the public key and signature counter live here.
 */
export interface SecurityKeyCredential {
  /** The credential id (base64url), as the authenticator names it. */
  id: string;
  userId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at the last use (0 for keys that do not count). */
  counter: number;
  transports: string[];
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SecurityKeyStore {
  listSecurityKeys(userId: string): Promise<SecurityKeyCredential[]>;
  getSecurityKey(id: string): Promise<SecurityKeyCredential | null>;
  addSecurityKey(key: Omit<SecurityKeyCredential, 'createdAt' | 'lastUsedAt'>): Promise<void>;
  renameSecurityKey(userId: string, id: string, label: string): Promise<void>;
  /** After a login with the key: its new counter and the time. */
  recordSecurityKeyUse(id: string, counter: number): Promise<void>;
  removeSecurityKey(userId: string, id: string): Promise<void>;
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
export class InMemoryCredentialStore implements CredentialStore, SecurityKeyStore {
  private readonly passwords = new Map<string, PasswordCredential>();
  private readonly keys = new Map<string, SecurityKeyCredential>();

  async listSecurityKeys(userId: string): Promise<SecurityKeyCredential[]> {
    return [...this.keys.values()].filter((k) => k.userId === userId).map((k) => ({ ...k }));
  }

  async getSecurityKey(id: string): Promise<SecurityKeyCredential | null> {
    const key = this.keys.get(id);
    return key ? { ...key } : null;
  }

  async addSecurityKey(key: Omit<SecurityKeyCredential, 'createdAt' | 'lastUsedAt'>): Promise<void> {
    this.keys.set(key.id, { ...key, createdAt: new Date().toISOString(), lastUsedAt: null });
  }

  async renameSecurityKey(userId: string, id: string, label: string): Promise<void> {
    const key = this.keys.get(id);
    if (key?.userId === userId) key.label = label;
  }

  async recordSecurityKeyUse(id: string, counter: number): Promise<void> {
    const key = this.keys.get(id);
    if (key) Object.assign(key, { counter, lastUsedAt: new Date().toISOString() });
  }

  async removeSecurityKey(userId: string, id: string): Promise<void> {
    if (this.keys.get(id)?.userId === userId) this.keys.delete(id);
  }
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
