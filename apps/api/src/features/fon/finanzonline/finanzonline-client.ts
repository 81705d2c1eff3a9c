import { FinanzOnlineError, type FonCredentials, type QuotaFile, type QuotaSource } from './quota-source';
import { soapCall, soapEnvelope, SoapError } from './soap';

export interface FinanzOnlineConfig {
  sessionUrl: string;
  databoxUrl: string;
  /** The software producer's id (herstellerid: the producer's UID), required by the session login. */
  herstellerId: string;
  timeoutMs: number;
}

const SESSION_NS = 'https://finanzonline.bmf.gv.at/fon/ws/session';
const DATABOX_NS = 'https://finanzonline.bmf.gv.at/fon/ws/databox';

/** Session service return codes (BMF "Session-Webservice"). */
const LOGIN_CODES: Record<number, string> = {
  [-1]: 'the session expired',
  [-2]: 'FinanzOnline is in maintenance',
  [-3]: 'FinanzOnline reported a technical error',
  [-4]: 'the Teilnehmer-ID, Benutzer-ID or PIN is wrong',
  [-5]: 'the user is locked after failed logins',
  [-6]: 'the user is locked',
  [-7]: 'the user is not a web-service user',
  [-8]: 'the participant is locked for FinanzOnline',
};

export interface DataboxEntry {
  applkey: string;
  filebez: string;
  tsZust: string;
  erltyp: string;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The FinanzOnline web services as the FON import uses them: session login (tid, benid, pin, herstellerid) →
 * session id; DataBox `getDatabox` (at most 31 days back, at most 7 days per call) → entries; `getDataboxEntry`
 * (applkey) → the document, base64; logout. The quota list is the newest DataBox entry whose file name names
 * the quota ("Quote"); its content is the documented FON file (CSV or XML). Runs when FON_HERSTELLER_ID is set.
 */
export class FinanzOnlineClient implements QuotaSource {
  readonly kind = 'finanzonline' as const;

  constructor(
    private readonly config: FinanzOnlineConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async login(credentials: FonCredentials): Promise<string> {
    const reply = await this.call(
      this.config.sessionUrl,
      'login',
      soapEnvelope(SESSION_NS, 'loginRequest', [
        ['tid', credentials.tid],
        ['benid', credentials.benid],
        ['pin', credentials.pin],
        ['herstellerid', this.config.herstellerId],
      ]),
    );
    const rc = Number(text(reply.rc));
    if (rc !== 0) throw new FinanzOnlineError(`FinanzOnline refused the login (rc ${rc}): ${LOGIN_CODES[rc] ?? (text(reply.msg) || 'unknown reason')}.`, rc);
    const id = text(reply.id);
    if (!id) throw new FinanzOnlineError('FinanzOnline answered the login without a session id.');
    return id;
  }

  async logout(credentials: FonCredentials, session: string): Promise<void> {
    await this.call(
      this.config.sessionUrl,
      'logout',
      soapEnvelope(SESSION_NS, 'logoutRequest', [
        ['tid', credentials.tid],
        ['benid', credentials.benid],
        ['id', session],
      ]),
    ).catch(() => undefined);
  }

  async databox(credentials: FonCredentials, session: string, from: string, to: string): Promise<DataboxEntry[]> {
    const reply = await this.call(
      this.config.databoxUrl,
      'getDatabox',
      soapEnvelope(DATABOX_NS, 'getDatabox', [
        ['tid', credentials.tid],
        ['benid', credentials.benid],
        ['id', session],
        ['erltyp', ''],
        ['ts_zust_von', from],
        ['ts_zust_bis', to],
      ]),
    );
    this.check(reply, 'getDatabox');
    return ((reply.result as Array<Record<string, unknown>> | undefined) ?? []).map((r) => ({
      applkey: text(r.applkey),
      filebez: text(r.filebez),
      tsZust: text(r.ts_zust),
      erltyp: text(r.erltyp),
    }));
  }

  async databoxEntry(credentials: FonCredentials, session: string, applkey: string): Promise<Buffer> {
    const reply = await this.call(
      this.config.databoxUrl,
      'getDataboxEntry',
      soapEnvelope(DATABOX_NS, 'getDataboxEntry', [
        ['tid', credentials.tid],
        ['benid', credentials.benid],
        ['id', session],
        ['applkey', applkey],
      ]),
    );
    this.check(reply, 'getDataboxEntry');
    const [content] = (reply.result as unknown[] | undefined) ?? [];
    if (!content) throw new FinanzOnlineError(`The DataBox entry ${applkey} is empty.`);
    return Buffer.from(text(content).replace(/\s+/g, ''), 'base64');
  }

  async fetchQuotaFile(credentials: FonCredentials, request: { taxYear: number }): Promise<QuotaFile> {
    const session = await this.login(credentials);
    try {
      const entries: DataboxEntry[] = [];
      // 31 days back in windows of at most 7 days (the DataBox's limits).
      const end = this.now();
      for (let back = 0; back < 31; back += 7) {
        const to = new Date(end.getTime() - back * 86_400_000);
        const from = new Date(to.getTime() - Math.min(6, 30 - back) * 86_400_000);
        entries.push(...(await this.databox(credentials, session, day(from), day(to))));
      }
      const quota = entries
        .filter((e) => /quot/i.test(e.filebez) && (e.filebez.includes(String(request.taxYear)) || !/\d{4}/.test(e.filebez)))
        .sort((a, b) => b.tsZust.localeCompare(a.tsZust))[0];
      if (!quota) throw new FinanzOnlineError(`The DataBox holds no quota list of ${request.taxYear} from the last 31 days.`);
      return { fileName: quota.filebez || `quote-${request.taxYear}.xml`, content: await this.databoxEntry(credentials, session, quota.applkey) };
    } finally {
      await this.logout(credentials, session);
    }
  }

  private check(reply: Record<string, unknown>, operation: string): void {
    const rc = Number(text(reply.rc));
    if (rc === 0) return;
    throw new FinanzOnlineError(
      rc === -1
        ? `The FinanzOnline session expired during ${operation}.`
        : `FinanzOnline refused ${operation} (rc ${rc}): ${text(reply.msg) || 'no reason given'}.`,
      rc,
    );
  }

  private async call(url: string, action: string, envelope: string): Promise<Record<string, unknown>> {
    try {
      return await soapCall(url, action, envelope, this.config.timeoutMs);
    } catch (error) {
      if (error instanceof SoapError) throw new FinanzOnlineError(error.message);
      throw error;
    }
  }
}
