import {
  BadRequest,
  Forbidden,
  NotFound,
  Unavailable,
  Unprocessable,
  type DeviceView,
  type PersonalDetails,
  type ProviderAction,
  type SecurityKeyView,
} from '@portal/contracts';
import type { AccountCaller, AccountPort, ProviderAccount } from './account-port';

/** Keycloak's account REST replies, as far as the page reads them (`/realms/{realm}/account`). */
interface KeycloakUser {
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  attributes?: Record<string, string[]>;
  userProfileMetadata?: { attributes?: Array<{ name: string; readOnly?: boolean }> };
  [other: string]: unknown;
}
interface KeycloakCredential {
  id: string;
  type: string;
  userLabel?: string;
  createdDate?: number;
}
interface CredentialContainer {
  type: string;
  createAction?: string;
  updateAction?: string;
  userCredentialMetadatas?: Array<{ credential: KeycloakCredential }>;
}
interface KeycloakSession {
  id: string;
  ipAddress?: string;
  started?: number;
  lastAccess?: number;
  browser?: string;
  current?: boolean;
}
interface KeycloakDevice {
  os?: string;
  osVersion?: string;
  current?: boolean;
  sessions?: KeycloakSession[];
}

export interface KeycloakAccountOptions {
  /** The realm as the portal's server reaches it, e.g. http://keycloak:8080/realms/tax-portal. */
  realmUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PHONE_ATTRIBUTE = 'phoneNumber';
const ACTIONS: readonly ProviderAction[] = ['UPDATE_PASSWORD', 'CONFIGURE_TOTP', 'webauthn-register'];
const isAction = (value: unknown): value is ProviderAction => ACTIONS.includes(value as ProviderAction);
const isoOf = (ms: number | undefined): string | null => (typeof ms === 'number' && ms > 0 ? new Date(ms).toISOString() : null);
const credentialsOf = (container: CredentialContainer | undefined): KeycloakCredential[] => (container?.userCredentialMetadatas ?? []).map((m) => m.credential);

/** "Chrome/131.0.6778" → "Chrome". */
const browserName = (browser: string | undefined): string => (browser ?? '').split('/')[0]?.trim() || 'Unknown browser';

/** Keycloak's validation answer: `{ errorMessage }`, `{ field, errorMessage }` or `{ errors: [...] }`. */
function problemOf(body: unknown): string {
  const b = body as { errorMessage?: unknown; error?: unknown; errors?: Array<{ errorMessage?: unknown; field?: unknown }> } | null;
  const each = b?.errors?.length ? b.errors : b ? [b] : [];
  const messages = each
    .map((e) =>
      [
        typeof (e as { field?: unknown }).field === 'string' ? `${String((e as { field?: unknown }).field)}: ` : '',
        String(e.errorMessage ?? (e as { error?: unknown }).error ?? ''),
      ].join(''),
    )
    .filter((m) => m.trim() !== '');
  return messages.join('; ') || 'Keycloak refused the change.';
}

/**
 * The personal account at Keycloak, through its account REST API with the user's own access token
 * (it needs the `account` audience and the manage-account role, which Keycloak's default roles give).
 * Password, authenticator app and security keys are set up on Keycloak's pages (application-initiated
 * actions); the page lists them, renames keys and ends sessions here.
 */
export class KeycloakAccount implements AccountPort {
  readonly provider = 'keycloak' as const;
  private readonly base: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: KeycloakAccountOptions) {
    this.base = `${options.realmUrl.replace(/\/+$/, '')}/account`;
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async read(caller: AccountCaller): Promise<ProviderAccount> {
    const [user, containers, devices] = await Promise.all([
      this.call<KeycloakUser>(caller, 'GET', '/?userProfileMetadata=true'),
      this.call<CredentialContainer[]>(caller, 'GET', '/credentials'),
      this.devicesOf(caller),
    ]);
    const byType = (type: string) => containers.find((c) => c.type === type);
    const password = byType('password');
    const otp = credentialsOf(byType('otp'));
    const keys: SecurityKeyView[] = credentialsOf(byType('webauthn')).map((c) => ({
      id: c.id,
      label: c.userLabel ?? '',
      createdAt: isoOf(c.createdDate),
      lastUsedAt: null,
    }));
    const actions = [
      ...new Set([password?.updateAction ?? password?.createAction, byType('otp')?.createAction, byType('webauthn')?.createAction].filter(isAction)),
    ];
    return {
      username: user.username ?? caller.user.username,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      pendingEmail: null,
      telNr: user.attributes?.[PHONE_ATTRIBUTE]?.[0] ?? '',
      editable: {
        names: this.writable(user, 'firstName') && this.writable(user, 'lastName'),
        phone: this.declared(user, PHONE_ATTRIBUTE),
        email: this.writable(user, 'email'),
      },
      passwordChangedAt: isoOf(credentialsOf(password)[0]?.createdDate),
      lastLogin: null,
      totp: otp.length > 0,
      totpCredentialId: otp[0]?.id ?? null,
      recoveryCodesLeft: 0,
      securityKeys: keys,
      actions,
      devices,
    };
  }

  async changeDetails(caller: AccountCaller, details: PersonalDetails): Promise<void> {
    const user = await this.call<KeycloakUser>(caller, 'GET', '/?userProfileMetadata=true');
    if (!this.writable(user, 'firstName') || !this.writable(user, 'lastName')) throw BadRequest('Keycloak does not let you change your name here.');
    const attributes = this.declared(user, PHONE_ATTRIBUTE) ? { ...user.attributes, [PHONE_ATTRIBUTE]: [details.telNr.trim()] } : user.attributes;
    await this.save(caller, user, { firstName: details.firstName.trim(), lastName: details.lastName.trim(), ...(attributes ? { attributes } : {}) });
  }

  async changeEmail(caller: AccountCaller, email: string): Promise<void> {
    const user = await this.call<KeycloakUser>(caller, 'GET', '/?userProfileMetadata=true');
    if (!this.writable(user, 'email')) throw BadRequest('Keycloak does not let you change your e-mail address here.');
    await this.save(caller, user, { email: email.trim() });
  }

  async renameSecurityKey(caller: AccountCaller, keyId: string, label: string): Promise<void> {
    const name = label.trim();
    if (name === '' || name.length > 60) throw Unprocessable('A security key needs a name of 1 to 60 characters.');
    await this.call(caller, 'PUT', `/credentials/${encodeURIComponent(keyId)}/label`, name);
  }

  async signOut(caller: AccountCaller, device: string): Promise<string[]> {
    const sessions = await this.devicesOf(caller);
    if (device === 'others') {
      await this.call(caller, 'DELETE', '/sessions');
      return sessions.filter((s) => !s.current).map((s) => s.id);
    }
    const session = sessions.find((s) => s.id === device);
    if (!session) throw NotFound(`No record found for id '${device}'`);
    if (session.current) throw BadRequest('This is the device you are using: sign out with the Logout button.');
    await this.call(caller, 'DELETE', `/sessions/${encodeURIComponent(device)}`);
    return [device];
  }

  /** One row per login session (Keycloak groups them by device). */
  private async devicesOf(caller: AccountCaller): Promise<DeviceView[]> {
    const devices = await this.call<KeycloakDevice[]>(caller, 'GET', '/sessions/devices');
    return devices.flatMap((d) =>
      (d.sessions ?? []).map((s) => ({
        id: s.id,
        browser: browserName(s.browser),
        os: d.os && d.os !== 'Other' ? d.os : 'Unknown system',
        address: s.ipAddress ?? '',
        firstSeen: isoOf((s.started ?? 0) * 1000) ?? '',
        lastSeen: isoOf((s.lastAccess ?? 0) * 1000) ?? '',
        current: s.current === true,
      })),
    );
  }

  private declared(user: KeycloakUser, name: string): boolean {
    const meta = user.userProfileMetadata?.attributes?.find((a) => a.name === name);
    return meta !== undefined && meta.readOnly !== true;
  }

  /** Without profile metadata (older Keycloak) names and e-mail count as writable. */
  private writable(user: KeycloakUser, name: string): boolean {
    const attributes = user.userProfileMetadata?.attributes;
    return attributes === undefined || this.declared(user, name);
  }

  /** Keycloak's update takes the whole representation: what is left out would be cleared. */
  private async save(caller: AccountCaller, current: KeycloakUser, changes: Partial<KeycloakUser>): Promise<void> {
    const { userProfileMetadata: _metadata, ...rest } = current;
    await this.call(caller, 'POST', '/', { ...rest, ...changes });
  }

  private async call<T = unknown>(caller: AccountCaller, method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${caller.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw Unavailable(`Keycloak's account service is not reachable (${error instanceof Error ? error.message : String(error)}).`);
    }
    const reply: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (response.ok) return reply as T;
    if (response.status === 401 || response.status === 403) {
      throw Forbidden(
        `Keycloak's account service refused the portal (${response.status}): the portal client's tokens need the "account" audience and the manage-account role.`,
      );
    }
    if (response.status === 404) throw NotFound(problemOf(reply));
    if (response.status === 400 || response.status === 409 || response.status === 422) throw Unprocessable(problemOf(reply));
    throw Unavailable(`Keycloak's account service answered ${response.status}.`);
  }
}
