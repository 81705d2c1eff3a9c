import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { SecurityKeyCredential, SecurityKeyStore } from './credential-store';

/** The shape of a registration answer the verification reads first; the verification checks its contents and signature. */
function isRegistrationResponse(value: unknown): value is RegistrationResponseJSON {
  if (typeof value !== 'object' || value === null) return false;
  const { id, rawId, type, response } = value as Partial<Record<keyof RegistrationResponseJSON, unknown>>;
  if (typeof id !== 'string' || typeof rawId !== 'string' || type !== 'public-key' || typeof response !== 'object' || response === null) return false;
  const { clientDataJSON, attestationObject } = response as Partial<Record<'clientDataJSON' | 'attestationObject', unknown>>;
  return typeof clientDataJSON === 'string' && typeof attestationObject === 'string';
}

export interface SecurityKeySettings {
  /** The relying party: the host name of PUBLIC_URL (keys are bound to it). */
  rpId: string;
  rpName: string;
  /** Origins a ceremony may come from (the portal's and its loopback siblings). */
  origins: string[];
  /** How long a challenge stays valid; default 5 minutes. */
  challengeTtlMs?: number;
  now?: () => number;
}

/** A verified new key, not yet stored: the caller records the event first, then stores it. */
export type NewSecurityKey = Omit<SecurityKeyCredential, 'createdAt' | 'lastUsedAt' | 'label' | 'userId'>;

const CEREMONY_MS = 60_000;

/** The verifications need the library's base64url helpers beside it. */
const webauthnWithHelpers = () => Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]);

/**
 * WebAuthn ceremonies with @simplewebauthn/server (loaded by the first ceremony, not by every start of the api:
 * ~250 modules with its ASN.1 parsers): registering a security key on the account page and
 * using one as the second factor at login. Each challenge is kept in memory for one ceremony (by user for
 * a registration, by login interaction for an assertion) and taken away when it is answered.
 */
export class SecurityKeys {
  private readonly challenges = new Map<string, { challenge: string; expires: number }>();
  private readonly ttl: number;
  private readonly now: () => number;

  constructor(
    readonly store: SecurityKeyStore,
    private readonly settings: SecurityKeySettings,
  ) {
    this.ttl = settings.challengeTtlMs ?? 5 * 60_000;
    this.now = settings.now ?? Date.now;
  }

  async registrationOptions(user: { id: string; username: string; displayName: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.store.listSecurityKeys(user.id);
    const { generateRegistrationOptions } = await import('@simplewebauthn/server');
    const options = await generateRegistrationOptions({
      rpName: this.settings.rpName,
      rpID: this.settings.rpId,
      userName: user.username,
      userDisplayName: user.displayName || user.username,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      timeout: CEREMONY_MS,
      excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
    });
    this.keep(`register:${user.id}`, options.challenge);
    return options;
  }

  /** Checks the authenticator's answer (as the browser sent it) to the last registration options of this user; null when it does not hold. */
  async verifyRegistration(userId: string, response: unknown): Promise<NewSecurityKey | null> {
    const challenge = this.take(`register:${userId}`);
    if (!challenge || !isRegistrationResponse(response)) return null;
    const [{ verifyRegistrationResponse }, { isoBase64URL }] = await webauthnWithHelpers();
    try {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.settings.origins,
        expectedRPID: this.settings.rpId,
        requireUserVerification: false,
      });
      if (!result.verified) return null;
      const { credential } = result.registrationInfo;
      return {
        id: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    } catch {
      return null;
    }
  }

  /** Options for a login step of this user (by interaction), or null when the user has no key. */
  async authenticationOptions(ceremony: string, userId: string): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
    const keys = await this.store.listSecurityKeys(userId);
    if (keys.length === 0) return null;
    const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
    const options = await generateAuthenticationOptions({
      rpID: this.settings.rpId,
      allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
      userVerification: 'preferred',
      timeout: CEREMONY_MS,
    });
    this.keep(`login:${ceremony}`, options.challenge);
    return options;
  }

  /** True when one of this user's keys signed the challenge of this login; its counter is then stored. */
  async verifyAuthentication(ceremony: string, userId: string, response: AuthenticationResponseJSON): Promise<boolean> {
    const challenge = this.take(`login:${ceremony}`);
    if (!challenge || typeof response?.id !== 'string') return false;
    const key = await this.store.getSecurityKey(response.id);
    if (!key || key.userId !== userId) return false;
    const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await webauthnWithHelpers();
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.settings.origins,
        expectedRPID: this.settings.rpId,
        requireUserVerification: false,
        credential: { id: key.id, publicKey: isoBase64URL.toBuffer(key.publicKey), counter: key.counter, transports: key.transports },
      });
      if (!result.verified) return false;
      await this.store.recordSecurityKeyUse(key.id, result.authenticationInfo.newCounter);
      return true;
    } catch {
      return false;
    }
  }

  private keep(key: string, challenge: string): void {
    const now = this.now();
    for (const [k, v] of this.challenges) if (v.expires < now) this.challenges.delete(k);
    this.challenges.set(key, { challenge, expires: now + this.ttl });
  }

  private take(key: string): string | null {
    const entry = this.challenges.get(key);
    this.challenges.delete(key);
    return entry && entry.expires >= this.now() ? entry.challenge : null;
  }
}
