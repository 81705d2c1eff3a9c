import { userStreamId } from '@portal/domain';
import type { EventStore } from '@portal/event-store';
import type { CredentialStore, PasswordCredential } from '../identity/credential-store';
import { verifyPassword } from '../identity/password-hash';

/**
 * Data dirs of versions before the credential store kept password hashes in `UserRegistered`
 * events. On the first login of such a user the hash is copied into the credential store (the
 * login then rehashes it with argon2id); the old event stays, as every event does. A password equal
 * to the username is how demo users were seeded: such a hash is marked as a demo password.
 */
export class LegacyCredentialImport implements CredentialStore {
  constructor(
    private readonly store: CredentialStore,
    private readonly events: EventStore,
  ) {}

  async getPassword(userId: string): Promise<PasswordCredential | null> {
    const stored = await this.store.getPassword(userId);
    if (stored) return stored;
    const [registered] = await this.events.readStream(userStreamId(userId));
    const data = registered?.type === 'UserRegistered' ? (registered.data as { passwordHash?: unknown; username?: unknown }) : undefined;
    const hash = data?.passwordHash;
    if (typeof hash !== 'string' || hash === '') return null;
    const demo = typeof data?.username === 'string' && (await verifyPassword(data.username, hash));
    await this.store.setPassword({ userId, passwordHash: hash, mustChange: false, demo });
    return this.store.getPassword(userId);
  }

  getTotp(userId: string) {
    return this.store.getTotp(userId);
  }

  setTotp(userId: string, secret: string, confirmed: boolean) {
    return this.store.setTotp(userId, secret, confirmed);
  }

  recordTotpStep(userId: string, step: number) {
    return this.store.recordTotpStep(userId, step);
  }

  removeTotp(userId: string) {
    return this.store.removeTotp(userId);
  }

  setRecoveryCodes(userId: string, hashes: string[]) {
    return this.store.setRecoveryCodes(userId, hashes);
  }

  useRecoveryCode(userId: string, hash: string) {
    return this.store.useRecoveryCode(userId, hash);
  }

  countRecoveryCodes(userId: string) {
    return this.store.countRecoveryCodes(userId);
  }

  setPassword(credential: Omit<PasswordCredential, 'updatedAt'>): Promise<void> {
    return this.store.setPassword(credential);
  }

  countPasswords(): Promise<number> {
    return this.store.countPasswords();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
