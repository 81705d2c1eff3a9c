import type { BootstrapConfig, Company, PortalConfig, User, VersionInfo } from '@portal/contracts';
import { FeathersClient } from '../api/feathers-client';
import { MemoryTokenStorage } from '../api/token-storage';
import type { AuthPort, Clock } from '../stores/auth-port';
import { RootStore } from '../stores/RootStore';
import { FakeSocket } from './fake-socket';

export const bootstrap: BootstrapConfig = {
  oidc: { issuer: 'http://localhost/oidc', clientId: 'portal', kind: 'embedded' },
  brandShort: 'TAX',
  demo: false,
};

export const portalConfig: PortalConfig = {
  id: 'portal',
  brandShort: 'TAX',
  brandName: 'Tax Advisors Ltd',
  slogan: { en: 'independent, competent, reliable.', de: 'unabhängig, kompetent, zuverlässig.' },
  docUrl: 'https://wiki.example/doc',
  provider: 'embedded',
  defaultAccountSystem: 'DATEV',
  maxUploadBytes: 1,
};

export const versionInfo: VersionInfo = { id: 'version', major: 1, minor: 6, patch: 6, distance: 0, build: 'b1' };

export function user(overrides: Partial<User> = {}): User {
  return {
    keycloakId: 'u-1',
    username: 'client1',
    permissions_array: ['doc', 'rep', 'pay', 'ban', 'ded', 'lar'],
    firstName: 'Clara',
    lastName: 'Client',
    email: 'client1@example.test',
    locale: 'de',
    klienten_array: [1001],
    all_clients: false,
    favClient: 1001,
    enabled: true,
    ...overrides,
  };
}

export function company(no: number, overrides: Partial<Company> = {}): Company {
  return {
    id: no,
    revision: 1,
    company_no: no,
    company_name: `Company ${no}`,
    company_place: `Place ${no}`,
    current_accounting: 2025,
    notifications: { invoices: 2, documents: 3 },
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export class FakeAuth implements AuthPort {
  token: string | undefined = 'token-1';
  refreshes = 0;
  logins = 0;
  logouts: string[] = [];
  actions: string[] = [];
  nextRefresh: 'refresh' | 'valid' | 'fail' = 'valid';
  async updateToken(): Promise<boolean> {
    if (this.nextRefresh === 'fail') throw new Error('refresh failed');
    if (this.nextRefresh === 'valid') return false;
    this.refreshes++;
    this.token = `token-${this.refreshes + 1}`;
    return true;
  }
  login(): void {
    this.logins++;
  }
  logout(redirectUri: string): void {
    this.logouts.push(redirectUri);
  }
  providerAction(action: string): void {
    this.actions.push(action);
  }
}

export class FakeClock implements Clock {
  timers = new Map<number, { fn: () => void; ms: number }>();
  private next = 1;
  setInterval(fn: () => void, ms: number): number {
    const id = this.next++;
    this.timers.set(id, { fn, ms });
    return id;
  }
  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Fire every interval of the given period once. */
  tick(ms: number): void {
    [...this.timers.values()].filter((t) => t.ms === ms).forEach((t) => t.fn());
  }
}

/** A socket answering the services with the fixtures above. */
export function portalSocket(options: { user?: User; companies?: Company[] } = {}): FakeSocket {
  const u = options.user ?? user();
  const companies = options.companies ?? [company(1001)];
  return new FakeSocket()
    .handle('create', 'authentication', (data: { accessToken: string }) => {
      if (data.accessToken === 'expired') throw { name: 'NotAuthenticated', message: 'jwt expired', code: 401, className: 'not-authenticated' };
      return { accessToken: data.accessToken, authentication: { strategy: 'jwt' }, user: u };
    })
    .handle('remove', 'authentication', () => ({ accessToken: 'x' }))
    .handle('get', 'config', () => portalConfig)
    .handle('find', 'version', () => ({ total: 1, limit: 10, skip: 0, data: [versionInfo] }))
    .handle('find', 'accounting-client', (q: { $limit: number; $skip?: number }) => {
      const skip = q.$skip ?? 0;
      return { total: companies.length, limit: q.$limit, skip, data: companies.slice(skip, skip + Math.min(q.$limit, 2)) };
    })
    .handle('find', 'document-category', () => [{ id: 1, code: 'ER_U', name: { en: 'Incoming', de: 'Eingang' }, sort: 1 }])
    .handle('find', 'company-settings', (q: { client_no: number }) => ({
      total: 1,
      limit: 10,
      skip: 0,
      data: [
        {
          id: 1,
          revision: 1,
          client_no: q.client_no,
          account_system: 'BMD',
          default_expense_account: null,
          document_language: 'de',
          auto_confirm_einvoices: false,
          upload_email: 'x@y',
          updated_at: '',
        },
      ],
    }))
    .handle('find', 'acc-periods', (q: { client_no: number }) => [
      { id: 'a', client_no: q.client_no, accounting: 2024, start: '2024-01-01', end: '2024-12-31', current: false },
      { id: 'b', client_no: q.client_no, accounting: 2025, start: '2025-01-01', end: '2025-12-31', current: true },
    ]);
}

export interface TestRoot {
  root: RootStore;
  socket: FakeSocket;
  auth: FakeAuth;
  clock: FakeClock;
  storage: Map<string, string>;
}

/** A fresh root store over a fake socket. */
export function makeRoot(
  options: { socket?: FakeSocket; prefersDark?: boolean; storage?: Map<string, string>; app?: { version: string; build: string } } = {},
): TestRoot {
  const socket = options.socket ?? portalSocket();
  const auth = new FakeAuth();
  const clock = new FakeClock();
  const storage = options.storage ?? new Map<string, string>();
  const client = new FeathersClient(socket, { storage: new MemoryTokenStorage() });
  const root = new RootStore({
    client,
    auth,
    clock,
    bootstrap,
    app: options.app ?? { version: '1.6.6', build: 'b1' },
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    prefersDark: options.prefersDark ?? false,
  });
  return { root, socket, auth, clock, storage };
}
