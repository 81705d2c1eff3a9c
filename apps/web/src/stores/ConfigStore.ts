import { makeAutoObservable } from 'mobx';
import type { AccountSystem, BootstrapConfig, Locale, PortalConfig, VersionInfo } from '@portal/contracts';
import type { FeathersError } from '../api/errors';
import { isPaginated } from '../api/feathers-client';
import { act } from './act';
import type { RootStore } from './RootStore';
import { setFirmTimeZone } from '../i18n/format';
import { Subscriptions } from './live/Subscriptions';

/** Spec §7 / 9: the version service is checked every 60000 ms. */
export const VERSION_CHECK_INTERVAL_MS = 60000;

/** The build this bundle was made from (injected at build time). */
export interface AppBuild {
  version: string;
  build: string;
}

export interface Semver {
  major: number;
  minor: number;
  patch: number;
  distance: number;
}

export function parseSemver(text: string): Semver {
  const [core = '', distance = '0'] = text.split('+');
  const [major = 0, minor = 0, patch = 0] = core.split('.').map((n) => Number.parseInt(n, 10) || 0);
  return { major, minor, patch, distance: Number.parseInt(distance, 10) || 0 };
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareSemver(a: Semver, b: Semver): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || a.distance - b.distance;
}

export function formatVersion(v: Semver): string {
  return `${v.major}.${v.minor}.${v.patch}${v.distance ? `+${v.distance}` : ''}`;
}

/** Brand, backend configuration and version (spec §3, global state). */
export class ConfigStore {
  portal: PortalConfig | null = null;
  version: VersionInfo | null = null;
  /** The version the server reported at the first check: a newer one later means a new deployment. */
  private firstSeen: VersionInfo | null = null;
  outOfDate = false;
  error: FeathersError | null = null;
  private versionHandle: unknown = null;
  private readonly pushes: Subscriptions;

  constructor(
    private readonly root: RootStore,
    readonly bootstrap: BootstrapConfig,
    readonly app: AppBuild,
  ) {
    this.pushes = new Subscriptions(root.client, 'ConfigStore');
    makeAutoObservable<ConfigStore, 'root' | 'versionHandle' | 'firstSeen' | 'pushes'>(
      this,
      { root: false, bootstrap: false, app: false, versionHandle: false, firstSeen: false, pushes: false },
      { autoBind: true },
    );
  }

  get loaded(): boolean {
    return this.portal !== null;
  }

  /** Demo mode: demo users with well-known passwords exist (the toolbar shows a marker). */
  get demo(): boolean {
    return this.bootstrap.demo === true;
  }

  get brandShort(): string {
    return this.portal?.brandShort ?? this.bootstrap.brandShort;
  }

  get brandName(): string {
    return this.portal?.brandName ?? this.bootstrap.brandShort;
  }

  slogan(locale: Locale): string {
    return this.portal?.slogan[locale] ?? '';
  }

  /** The documentation wiki with the provider as query parameter (spec §1). */
  get documentationUrl(): string | null {
    if (!this.portal?.docUrl) return null;
    const sep = this.portal.docUrl.includes('?') ? '&' : '?';
    return `${this.portal.docUrl}${sep}provider=${encodeURIComponent(this.portal.provider)}`;
  }

  /** backendConfig of spec §3. */
  get backendConfig(): { defaultAccountSystem: AccountSystem } | null {
    return this.portal ? { defaultAccountSystem: this.portal.defaultAccountSystem } : null;
  }

  /** Scanners can deliver by e-mail only when the server runs the scan intake's SMTP listener. */
  get scanMail(): boolean {
    return this.portal?.scanMail === true;
  }

  get serverVersion(): string | null {
    return this.version ? formatVersion(this.version) : null;
  }

  /** The firm's time zone every time on screen is written in. */
  get timeZone(): string | null {
    return this.portal?.timeZone ?? null;
  }

  /** Loads the configuration and follows its pushed changes (an administrator choosing the firm's time zone): times re-render. */
  async load(): Promise<PortalConfig> {
    try {
      const portal = await this.root.client.service('config').get('portal');
      this.apply(portal);
      if (!this.pushes.active) this.pushes.onAny<PortalConfig>('config', (changed) => changed.id === 'portal' && this.apply(changed));
      return portal;
    } catch (e) {
      act('ConfigStore.loadFailed', () => (this.error = e as FeathersError));
      throw e;
    }
  }

  /** Sets the firm's time zone (adm); the answer and the push both apply it. */
  async setTimeZone(timeZone: string): Promise<void> {
    const portal = await this.root.client.service('config').patch('portal', { timeZone });
    this.apply(portal);
  }

  private apply(portal: PortalConfig): void {
    act('ConfigStore.loaded', () => {
      this.portal = portal;
      this.error = null;
    });
    setFirmTimeZone(portal.timeZone);
  }

  /** Stops following pushed changes (sign-out). */
  dispose(): void {
    this.pushes.stop();
    this.stopVersionCheck();
  }

  /**
   * Asks the version service; out of date when the server runs a newer major.minor.patch than this
   * bundle, or a newer version (distance included) or another build than it reported when this page loaded.
   */
  async checkVersion(): Promise<boolean> {
    const result = await this.root.client.service('version').find();
    const info = isPaginated(result) ? result.data[0] : result[0];
    if (!info) return this.outOfDate;
    act('ConfigStore.versionChecked', () => {
      this.version = info;
      if (!this.firstSeen) this.firstSeen = info;
      // The bundle knows its semver but not the server's commit distance: compare major.minor.patch only.
      const newerThanBundle = compareSemver({ ...info, distance: 0 }, { ...parseSemver(this.app.version), distance: 0 }) > 0;
      const redeployed = compareSemver(info, this.firstSeen) > 0 || info.build !== this.firstSeen.build;
      if (newerThanBundle || redeployed) this.outOfDate = true;
    });
    return this.outOfDate;
  }

  startVersionCheck(): void {
    this.stopVersionCheck();
    const tick = () => void this.checkVersion().catch((e) => console.warn('Version check failed', e));
    tick();
    this.versionHandle = this.root.clock.setInterval(tick, VERSION_CHECK_INTERVAL_MS);
  }

  stopVersionCheck(): void {
    if (this.versionHandle !== null) this.root.clock.clearInterval(this.versionHandle);
    this.versionHandle = null;
  }
}
