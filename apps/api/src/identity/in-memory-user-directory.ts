import type { User } from '@portal/contracts';
import { hashPassword } from './password-hash';
import type { UserAccount, UserDirectory } from './user-directory';

/** A UserDirectory over a fixed list (dev server, tests). Usernames match case-insensitively. */
export class InMemoryUserDirectory implements UserDirectory {
  private readonly accounts: UserAccount[];

  constructor(accounts: UserAccount[]) {
    this.accounts = [...accounts];
  }

  static async withPasswords(users: Array<{ user: User; password: string }>): Promise<InMemoryUserDirectory> {
    return new InMemoryUserDirectory(await Promise.all(users.map(async ({ user, password }) => ({ ...user, passwordHash: await hashPassword(password) }))));
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
