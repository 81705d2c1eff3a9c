import { makeAutoObservable } from 'mobx';
import {
  SERVICES,
  type IdpBulkEditRequest,
  type IdpBulkEditResult,
  type IdpUser,
  type IdpUserCreate,
  type IdpUserPatch,
  type IdpUserSortField,
  type IdpUserWithPassword,
  type Permission,
} from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList } from '../../stores/live/LiveList';
import type { RootStore } from '../../stores/RootStore';

export const USER_PAGE = 200;
export type EnabledFilter = 'all' | 'enabled' | 'disabled';

/**
 * /user-admin: the user manager's list (server-side search, filters, sort, pages of 200 loaded as the user scrolls), the selection for
 * bulk edits, and the changes. Pushed changes of listed users replace them in place; new users reload the list.
 */
export class UserAdminStore {
  readonly users: LiveList<IdpUser>;
  search = '';
  permission: Permission | '' = '';
  client: number | null = null;
  enabled: EnabledFilter = 'all';
  sort: { field: IdpUserSortField; direction: 1 | -1 } = { field: 'username', direction: 1 };
  selected = new Set<string>();
  saving = false;

  constructor(private readonly root: Pick<RootStore, 'client'>) {
    this.users = new LiveList({
      name: 'UserAdminStore.users',
      client: root.client,
      path: SERVICES.idpUsers,
      query: () => ({ ...this.query, $skip: 0, $limit: USER_PAGE }),
      pageSize: USER_PAGE,
      // Where a new user goes in the server's sort and search only the server knows: new users reload the list.
      admits: () => false,
      reloadOn: ['created'],
      reloadDelayMs: 300,
      // A pushed row has no `editable` (it depends on the reader): the listed one's stays.
      merge: (listed, next) => ({ ...next, editable: listed.editable }),
      pushed: (user, event) => {
        if (event === 'removed') this.selected.delete(user.id);
      },
    });
    makeAutoObservable<UserAdminStore, 'root'>(this, { root: false, users: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<IdpUser>(SERVICES.idpUsers);
  }

  activate(): () => void {
    const stop = this.users.subscribe();
    void this.load();
    return stop;
  }

  get query(): Record<string, unknown> {
    return {
      ...(this.search.trim() ? { $search: this.search.trim() } : {}),
      ...(this.permission ? { permissions: this.permission } : {}),
      ...(this.client !== null ? { klienten: this.client } : {}),
      ...(this.enabled !== 'all' ? { enabled: this.enabled === 'enabled' } : {}),
      $sort: { [this.sort.field]: this.sort.direction },
    };
  }

  /** The first page for the current query. */
  async load(): Promise<void> {
    await this.users.load();
  }

  /** The next page, as the user scrolls to the end of the list; nothing while one loads or when all are there. */
  loadMore(): void {
    void this.users.loadMore();
  }

  setSearch(search: string): void {
    this.search = search;
    this.users.reloadSoon();
  }

  setPermission(permission: Permission | ''): void {
    this.permission = permission;
    void this.load();
  }

  setClient(client: number | null): void {
    this.client = client;
    void this.load();
  }

  setEnabled(enabled: EnabledFilter): void {
    this.enabled = enabled;
    void this.load();
  }

  /** A click on a column header: sorts by it, or turns the direction. */
  sortBy(field: IdpUserSortField): void {
    this.sort = this.sort.field === field ? { field, direction: this.sort.direction === 1 ? -1 : 1 } : { field, direction: 1 };
    void this.load();
  }

  toggle(id: string): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  /** Selects every listed row, or clears the selection when all are selected. */
  toggleAll(): void {
    const rows = this.users.items;
    if (rows.length > 0 && rows.every((r) => this.selected.has(r.id))) this.selected.clear();
    else rows.forEach((r) => this.selected.add(r.id));
  }

  clearSelection(): void {
    this.selected.clear();
  }

  private async saving_<T>(run: () => Promise<T>): Promise<T> {
    this.saving = true;
    try {
      return await run();
    } catch (e) {
      throw toFeathersError(e);
    } finally {
      act('UserAdminStore.saved', () => (this.saving = false));
    }
  }

  create(data: IdpUserCreate): Promise<IdpUserWithPassword> {
    return this.saving_(async () => {
      const created = (await this.service.create(data)) as IdpUserWithPassword;
      await this.load();
      return created;
    });
  }

  update(id: string, patch: IdpUserPatch): Promise<IdpUserWithPassword> {
    return this.saving_(async () => {
      const user = (await this.service.patch(id, patch as Record<string, unknown>)) as IdpUserWithPassword;
      const { oneTimePassword: _shownOnce, ...row } = user;
      act('UserAdminStore.updated', () => this.users.upsert(row));
      return user;
    });
  }

  remove(id: string): Promise<void> {
    return this.saving_(async () => {
      await this.service.remove(id);
      act('UserAdminStore.deleted', () => {
        this.users.remove(id);
        this.selected.delete(id);
      });
    });
  }

  bulk(edit: Omit<IdpBulkEditRequest, 'userIds'>): Promise<IdpBulkEditResult> {
    return this.saving_(async () => {
      const result = (await this.root.client
        .service<IdpBulkEditResult>(SERVICES.idpUserBulk)
        .create({ ...edit, userIds: [...this.selected] })) as IdpBulkEditResult;
      if (!edit.preview) await this.load();
      return result;
    });
  }
}
