import type { User } from '@portal/contracts';
import type { CredentialStore } from './credential-store';
import { hashPassword } from './password-hash';
import type { UserAccount, UserDirectory } from './user-directory';

/** A UserDirectory over a fixed list (dev server, tests). Usernames match case-insensitively. */
export class InMemoryUserDirectory implements UserDirectory {
  private readonly accounts: UserAccount[];

  constructor(accounts: UserAccount[]) {
    this.accounts = [...accounts];
  }

  /** The users, with their passwords written to `credentials`. */
  static async withPasswords(
    users: Array<{ user: User; password: string; mustChange?: boolean }>,
    credentials: CredentialStore,
  ): Promise<InMemoryUserDirectory> {
    for (const { user, password, mustChange } of users) {
      await credentials.setPassword({ userId: user.keycloakId, passwordHash: await hashPassword(password), mustChange: mustChange ?? false, demo: false });
    }
    return new InMemoryUserDirectory(users.map(({ user }) => user));
  }

  async findById(keycloakId: string): Promise<UserAccount | null> {
    return this.accounts.find((a) => a.keycloakId === keycloakId) ?? null;
  }

  async findByUsername(username: string): Promise<UserAccount | null> {
    const wanted = username.toLowerCase();
    return this.accounts.find((a) => a.username.toLowerCase() === wanted) ?? null;
  }

  /** Replaces an account (e.g. to disable it in a test). */
  put(account: UserAccount): void {
    const index = this.accounts.findIndex((a) => a.keycloakId === account.keycloakId);
    if (index >= 0) this.accounts[index] = account;
    else this.accounts.push(account);
  }
}
