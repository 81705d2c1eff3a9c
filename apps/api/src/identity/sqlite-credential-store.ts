import Database from 'better-sqlite3';
import type { CredentialStore, PasswordCredential, SecurityKeyCredential, SecurityKeyStore, TotpCredential } from './credential-store';

interface PasswordRow {
  user_id: string;
  password_hash: string;
  must_change: number;
  demo: number;
  updated_at: string;
}

interface SecurityKeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

const keyOf = (row: SecurityKeyRow): SecurityKeyCredential => ({
  id: row.id,
  userId: row.user_id,
  publicKey: row.public_key,
  counter: row.counter,
  transports: JSON.parse(row.transports) as string[],
  label: row.label,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/**
 * The credential store of the embedded provider: `credentials.sqlite` in the data dir (mode 0600
 * like every file there), shared by the portal and the `npm run user` command (WAL, busy timeout).
 */
export class SqliteCredentialStore implements CredentialStore, SecurityKeyStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { timeout: 5000 });
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS passwords (
      user_id TEXT PRIMARY KEY,
      password_hash TEXT NOT NULL,
      must_change INTEGER NOT NULL DEFAULT 0,
      demo INTEGER NOT NULL DEFAULT 0,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS totp (
      user_id TEXT PRIMARY KEY,
      secret TEXT NOT NULL,
      confirmed INTEGER NOT NULL DEFAULT 0,
      last_step INTEGER
    );
    CREATE TABLE IF NOT EXISTS recovery_codes (
      user_id TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      used_at TEXT,
      PRIMARY KEY (user_id, code_hash)
    );
    CREATE TABLE IF NOT EXISTS security_keys (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      public_key TEXT NOT NULL,
      counter INTEGER NOT NULL DEFAULT 0,
      transports TEXT NOT NULL DEFAULT '[]',
      label TEXT NOT NULL,
      created_at TEXT NOT NULL,
      last_used_at TEXT
    );
    CREATE INDEX IF NOT EXISTS security_keys_user ON security_keys (user_id)`);
  }

  async listSecurityKeys(userId: string): Promise<SecurityKeyCredential[]> {
    return (this.db.prepare('SELECT * FROM security_keys WHERE user_id = ? ORDER BY created_at, id').all(userId) as SecurityKeyRow[]).map(keyOf);
  }

  async getSecurityKey(id: string): Promise<SecurityKeyCredential | null> {
    const row = this.db.prepare('SELECT * FROM security_keys WHERE id = ?').get(id) as SecurityKeyRow | undefined;
    return row ? keyOf(row) : null;
  }

  async addSecurityKey(key: Omit<SecurityKeyCredential, 'createdAt' | 'lastUsedAt'>): Promise<void> {
    this.db
      .prepare('INSERT INTO security_keys (id, user_id, public_key, counter, transports, label, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)')
      .run(key.id, key.userId, key.publicKey, key.counter, JSON.stringify(key.transports), key.label, new Date().toISOString());
  }

  async renameSecurityKey(userId: string, id: string, label: string): Promise<void> {
    this.db.prepare('UPDATE security_keys SET label = ? WHERE id = ? AND user_id = ?').run(label, id, userId);
  }

  async recordSecurityKeyUse(id: string, counter: number): Promise<void> {
    this.db.prepare('UPDATE security_keys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, new Date().toISOString(), id);
  }

  async removeSecurityKey(userId: string, id: string): Promise<void> {
    this.db.prepare('DELETE FROM security_keys WHERE id = ? AND user_id = ?').run(id, userId);
  }

  async getTotp(userId: string): Promise<TotpCredential | null> {
    const row = this.db.prepare('SELECT secret, confirmed, last_step FROM totp WHERE user_id = ?').get(userId) as
      { secret: string; confirmed: number; last_step: number | null } | undefined;
    return row ? { secret: row.secret, confirmed: row.confirmed === 1, lastStep: row.last_step } : null;
  }

  async setTotp(userId: string, secret: string, confirmed: boolean): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO totp (user_id, secret, confirmed, last_step) VALUES (?, ?, ?, NULL)
        ON CONFLICT(user_id) DO UPDATE SET last_step = CASE WHEN totp.secret = excluded.secret THEN totp.last_step ELSE NULL END, secret = excluded.secret, confirmed = excluded.confirmed`,
      )
      .run(userId, secret, confirmed ? 1 : 0);
  }

  async recordTotpStep(userId: string, step: number): Promise<void> {
    this.db.prepare('UPDATE totp SET last_step = ? WHERE user_id = ?').run(step, userId);
  }

  async removeTotp(userId: string): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM totp WHERE user_id = ?').run(userId);
      this.db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
    })();
  }

  async setRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
      const insert = this.db.prepare('INSERT INTO recovery_codes (user_id, code_hash, used_at) VALUES (?, ?, NULL)');
      for (const hash of hashes) insert.run(userId, hash);
    })();
  }

  async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
    return (
      this.db
        .prepare('UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL')
        .run(new Date().toISOString(), userId, hash).changes === 1
    );
  }

  async countRecoveryCodes(userId: string): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL').get(userId) as { n: number }).n;
  }

  async getPassword(userId: string): Promise<PasswordCredential | null> {
    const row = this.db.prepare('SELECT * FROM passwords WHERE user_id = ?').get(userId) as PasswordRow | undefined;
    if (!row) return null;
    return { userId: row.user_id, passwordHash: row.password_hash, mustChange: row.must_change === 1, demo: row.demo === 1, updatedAt: row.updated_at };
  }

  async setPassword(credential: Omit<PasswordCredential, 'updatedAt'>): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO passwords (user_id, password_hash, must_change, demo, updated_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(user_id) DO UPDATE SET password_hash = excluded.password_hash, must_change = excluded.must_change, demo = excluded.demo, updated_at = excluded.updated_at`,
      )
      .run(credential.userId, credential.passwordHash, credential.mustChange ? 1 : 0, credential.demo ? 1 : 0, new Date().toISOString());
  }

  async countPasswords(): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM passwords').get() as { n: number }).n;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
