import Database from 'better-sqlite3';

/** What oidc-provider stores per model (Session, Grant, AuthorizationCode, RefreshToken, Interaction, ...). */
export type OidcPayload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/** The instance side of an oidc-provider adapter (its documented interface). */
export interface OidcAdapter {
  upsert(id: string, payload: OidcPayload, expiresIn: number): Promise<void>;
  find(id: string): Promise<OidcPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcPayload | undefined>;
  findByUid(uid: string): Promise<OidcPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export type OidcAdapterClass = new (model: string) => OidcAdapter;

interface Row {
  payload: string;
  expires_at: number | null;
  consumed_at: number | null;
}

/** A signed-in browser: one provider session, with where it was seen (logged-in devices). */
export interface DeviceSession {
  sessionUid: string;
  userAgent: string;
  address: string;
  firstSeen: string;
  lastSeen: string;
}

export interface SqliteOidcStore {
  Adapter: OidcAdapterClass;
  /** Records that a session's browser used the token endpoint (login or refresh). */
  touchDevice(sessionUid: string, accountId: string, userAgent: string, address: string): void;
  /** The live sessions of an account, newest activity first. */
  devicesOf(accountId: string): DeviceSession[];
  /** Whether the provider session still exists (not signed out, not expired): tokens naming an ended one are refused. */
  isSessionLive(sessionUid: string): boolean;
  /** The same by the session's id, the value of the browser's session cookie. */
  isSessionIdLive(sessionId: string): boolean;
  /** Ends one session of the account (its refresh tokens end with it); false when it is not the account's. */
  endSession(accountId: string, sessionUid: string): boolean;
  /** Ends every session of the account except `keepUid`; answers the ended session uids. */
  endOtherSessions(accountId: string, keepUid: string | null): string[];
  /** Removes expired entries now (also runs every `sweepMs`). */
  sweep(): number;
  close(): void;
}

/**
 * The embedded provider's state in the data dir (`oidc.sqlite`): login sessions, grants, codes,
 * refresh tokens and interactions survive a restart, and no flood of requests can push existing
 * sessions out (the development store keeps a bounded number in memory). Expired entries are
 * deleted on read and by a periodic sweep.
 */
export function openSqliteOidcStore(file: string, options: { sweepMs?: number; now?: () => number } = {}): SqliteOidcStore {
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS oidc (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    grant_id TEXT,
    user_code TEXT,
    uid TEXT,
    expires_at INTEGER,
    consumed_at INTEGER,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX IF NOT EXISTS oidc_grant ON oidc (grant_id);
  CREATE INDEX IF NOT EXISTS oidc_uid ON oidc (model, uid);
  CREATE INDEX IF NOT EXISTS oidc_user_code ON oidc (model, user_code);
  CREATE INDEX IF NOT EXISTS oidc_expires ON oidc (expires_at);
  CREATE TABLE IF NOT EXISTS devices (
    session_uid TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    address TEXT NOT NULL,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS devices_account ON devices (account_id);`);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const upsert = db.prepare(`INSERT INTO oidc (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
    ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`);
  const byId = db.prepare('SELECT payload, expires_at, consumed_at FROM oidc WHERE model = ? AND id = ?');
  const byUid = db.prepare('SELECT payload, expires_at, consumed_at FROM oidc WHERE model = ? AND uid = ?');
  const byUserCode = db.prepare('SELECT payload, expires_at, consumed_at FROM oidc WHERE model = ? AND user_code = ?');
  const consume = db.prepare('UPDATE oidc SET consumed_at = ? WHERE model = ? AND id = ?');
  const destroy = db.prepare('DELETE FROM oidc WHERE model = ? AND id = ?');
  const revoke = db.prepare('DELETE FROM oidc WHERE grant_id = ?');
  const expired = db.prepare('DELETE FROM oidc WHERE expires_at IS NOT NULL AND expires_at <= ?');

  const read = (row: Row | undefined): OidcPayload | undefined => {
    if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
    const payload = JSON.parse(row.payload) as OidcPayload;
    return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
  };

  class SqliteOidcAdapter implements OidcAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: OidcPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? now() + expiresIn : null;
      upsert.run(this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt);
    }

    async find(id: string) {
      return read(byId.get(this.model, id) as Row | undefined);
    }

    async findByUid(uid: string) {
      return read(byUid.get(this.model, uid) as Row | undefined);
    }

    async findByUserCode(userCode: string) {
      return read(byUserCode.get(this.model, userCode) as Row | undefined);
    }

    async consume(id: string): Promise<void> {
      consume.run(now(), this.model, id);
    }

    async destroy(id: string): Promise<void> {
      destroy.run(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      revoke.run(grantId);
    }
  }

  const touch = db.prepare(`INSERT INTO devices (session_uid, account_id, user_agent, address, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (session_uid) DO UPDATE SET user_agent = excluded.user_agent, address = excluded.address, last_seen = excluded.last_seen`);
  const liveSessions = db.prepare(
    `SELECT uid FROM oidc WHERE model = 'Session' AND json_extract(payload, '$.accountId') = ? AND (expires_at IS NULL OR expires_at > ?)`,
  );
  const deviceRows = db.prepare('SELECT * FROM devices WHERE account_id = ?');
  const endByUid = db.prepare(`DELETE FROM oidc WHERE model = 'Session' AND uid = ? AND json_extract(payload, '$.accountId') = ?`);
  const forgetDevice = db.prepare('DELETE FROM devices WHERE session_uid = ?');
  const liveSession = db.prepare(`SELECT 1 FROM oidc WHERE model = 'Session' AND uid = ? AND (expires_at IS NULL OR expires_at > ?)`).pluck();
  const liveSessionId = db.prepare(`SELECT 1 FROM oidc WHERE model = 'Session' AND id = ? AND (expires_at IS NULL OR expires_at > ?)`).pluck();
  const staleDevices = db.prepare(`DELETE FROM devices WHERE session_uid NOT IN (SELECT uid FROM oidc WHERE model = 'Session' AND uid IS NOT NULL)`);

  const devicesOf = (accountId: string): DeviceSession[] => {
    const live = new Set((liveSessions.all(accountId, now()) as Array<{ uid: string }>).map((r) => r.uid));
    const rows = deviceRows.all(accountId) as Array<{ session_uid: string; user_agent: string; address: string; first_seen: string; last_seen: string }>;
    return rows
      .filter((r) => live.has(r.session_uid))
      .map((r) => ({ sessionUid: r.session_uid, userAgent: r.user_agent, address: r.address, firstSeen: r.first_seen, lastSeen: r.last_seen }))
      .sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
  };
  const endSession = (accountId: string, sessionUid: string): boolean => {
    const ended = endByUid.run(sessionUid, accountId).changes > 0;
    if (ended) forgetDevice.run(sessionUid);
    return ended;
  };

  const sweep = () => {
    const removed = expired.run(now()).changes;
    staleDevices.run();
    return removed;
  };
  const timer = setInterval(sweep, options.sweepMs ?? 10 * 60_000);
  timer.unref();
  return {
    Adapter: SqliteOidcAdapter,
    touchDevice(sessionUid, accountId, userAgent, address) {
      const at = new Date(now() * 1000).toISOString();
      touch.run(sessionUid, accountId, userAgent.slice(0, 400), address.slice(0, 100), at, at);
    },
    devicesOf,
    isSessionLive: (sessionUid) => liveSession.get(sessionUid, now()) !== undefined,
    isSessionIdLive: (sessionId) => liveSessionId.get(sessionId, now()) !== undefined,
    endSession,
    endOtherSessions(accountId, keepUid) {
      const others = (liveSessions.all(accountId, now()) as Array<{ uid: string }>).map((r) => r.uid).filter((uid) => uid !== keepUid);
      return others.filter((uid) => endSession(accountId, uid));
    },
    sweep,
    close() {
      clearInterval(timer);
      db.close();
    },
  };
}
