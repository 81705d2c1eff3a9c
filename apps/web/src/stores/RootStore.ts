import type { BootstrapConfig } from '@portal/contracts';
import type { FeathersClient } from '../api/feathers-client';
import { AccountingStore } from './AccountingStore';
import { BankAlertsStore } from '../features/banking/BankAlertsStore';
import type { AuthPort, Clock, FlagStorage } from './auth-port';
import { realClock } from './auth-port';
import { CompanyStore } from './CompanyStore';
import type { AppBuild } from './ConfigStore';
import { ConfigStore } from './ConfigStore';
import { PrefetchCache } from './prefetch-cache';
import { EditorBadgeStore } from '../features/editor/EditorBadgeStore';
import { SessionStore } from './SessionStore';
import { RpaErrorCountStore } from '../features/rpa-errors/RpaErrorCountStore';
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
  /** Answers requested before their screen exists (the first rows of the URL the page opens on). */
  readonly prefetched = new PrefetchCache();
  readonly editorBadge: EditorBadgeStore;
  readonly bankAlerts: BankAlertsStore;
  readonly rpaErrors: RpaErrorCountStore;

  constructor(options: RootStoreOptions) {
    this.client = options.client;
    this.auth = options.auth;
    this.clock = options.clock ?? realClock;
    this.ui = new UiStore(options.storage ?? null, options.prefersDark ?? false);
    this.session = new SessionStore(this);
    this.config = new ConfigStore(this, options.bootstrap, options.app);
    this.company = new CompanyStore(this);
    this.accounting = new AccountingStore(this);
    this.editorBadge = new EditorBadgeStore(this);
    this.bankAlerts = new BankAlertsStore(this);
    this.rpaErrors = new RpaErrorCountStore(this);
  }

  /**
   * After the login client has a token: authenticate the connection (which applies the user's locale), load the
   * backend config and the companies, then start the token-refresh and version-check loops. The loads are
   * sent at once: calls wait on the connection for the authentication, so the shell needs one round trip.
   */
  async start(accessToken: string): Promise<void> {
    const login = this.session.login(accessToken);
    const config = this.config.load();
    const companies = this.company.load().catch((e) => {
      if (!this.session.isAuthenticated) return;
      console.error('Failed to load companies', e);
      this.ui.error(e);
    });
    const categories = this.company.loadCategories().catch((e) => this.session.isAuthenticated && console.warn('Failed to load document categories', e));
    config.catch(() => undefined);
    await login;
    this.session.startRefreshLoop();
    await config;
    this.config.startVersionCheck();
    this.rpaErrors.start();
    await Promise.all([companies, categories]);
    this.editorBadge.start();
    this.bankAlerts.start();
  }

  stop(): void {
    this.session.stopRefreshLoop();
    this.config.dispose();
    this.company.dispose();
    this.accounting.dispose();
    this.editorBadge.stop();
    this.bankAlerts.stop();
    this.rpaErrors.dispose();
  }
}
