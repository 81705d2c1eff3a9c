import { USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { UserAccount, UserDirectory } from '../identity/user-directory';

/** Users as the `users` projection keeps them. */
export class ReadStoreUserDirectory implements UserDirectory {
  constructor(private readonly store: ReadStore) {}

  async findById(keycloakId: string): Promise<UserAccount | null> {
    return await this.store.get(USERS, keycloakId);
  }

  async findByUsername(username: string): Promise<UserAccount | null> {
    const page = await this.store.find(USERS, { where: { username }, sort: [], skip: 0, limit: 1 });
    return page.data[0] ?? null;
  }
}
