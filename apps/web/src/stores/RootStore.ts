import type { BootstrapConfig } from '@portal/contracts';
import type { FeathersClient } from '../api/feathers-client';
import { AccountingStore } from './AccountingStore';
import type { AuthPort, Clock, FlagStorage } from './auth-port';
import { realClock } from './auth-port';
import { CompanyStore } from './CompanyStore';
import type { AppBuild } from './ConfigStore';
import { ConfigStore } from './ConfigStore';
import { SessionStore } from './SessionStore';
import { UiStore } from './UiStore';

export interface RootStoreOptions {
  client: FeathersClient;
  auth: AuthPort;
  bootstrap: BootstrapConfig;
  app: AppBuild;
  storage?: FlagStorage | null;
  prefersDark?: boolean;
  clock?: Clock;
}

/** Creates every store and hands each the root; the transport (Feathers client) is injected. */
export class RootStore {
  readonly client: FeathersClient;
  readonly auth: AuthPort;
  readonly clock: Clock;
  readonly ui: UiStore;
  readonly session: SessionStore;
  readonly config: ConfigStore;
  readonly company: CompanyStore;
  readonly accounting: AccountingStore;

  constructor(options: RootStoreOptions) {
    this.client = options.client;
    this.auth = options.auth;
    this.clock = options.clock ?? realClock;
    this.ui = new UiStore(options.storage ?? null, options.prefersDark ?? false);
    this.session = new SessionStore(this);
    this.config = new ConfigStore(this, options.bootstrap, options.app);
    this.company = new CompanyStore(this);
    this.accounting = new AccountingStore(this);
  }

  /**
   * After the login client has a token: authenticate the connection, apply the user's locale, load the
   * backend config and the companies, then start the token-refresh and version-check loops.
   */
  async start(accessToken: string): Promise<void> {
    const user = await this.session.login(accessToken);
    this.ui.setLocale(user.locale);
    this.session.startRefreshLoop();
    await this.config.load();
    this.config.startVersionCheck();
    await Promise.all([
      this.company.load().catch((e) => {
        console.error('Failed to load companies', e);
        this.ui.error(e);
      }),
      this.company.loadCategories().catch((e) => console.warn('Failed to load document categories', e)),
    ]);
  }

  stop(): void {
    this.session.stopRefreshLoop();
    this.config.stopVersionCheck();
    this.company.dispose();
    this.accounting.dispose();
  }
}
