import { makeAutoObservable } from 'mobx';
import { SERVICES, type IdpBulkEditRequest, type IdpBulkEditResult, type IdpUser, type IdpUserCreate, type IdpUserPatch, type IdpUserSortField, type IdpUserWithPassword, type Paginated, type Permission } from '@portal/contracts';
import { toFeathersError, type FeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

export const USER_PAGE = 200;
export type EnabledFilter = 'all' | 'enabled' | 'disabled';

/**
 * /user-admin: the user manager's list (server-side search, filters, sort, pages of 200 loaded as the user scrolls), the selection for
 * bulk edits, and the changes. Pushed changes of listed users replace them in place; new users reload the list.
 */
export class UserAdminStore {
  rows: IdpUser[] = [];
  total = 0;
  loading = false;
  loaded = false;
  error: FeathersError | null = null;
  search = '';
  permission: Permission | '' = '';
  client: number | null = null;
  enabled: EnabledFilter = 'all';
  sort: { field: IdpUserSortField; direction: 1 | -1 } = { field: 'username', direction: 1 };
  selected = new Set<string>();
  saving = false;
  private request = 0;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly root: Pick<RootStore, 'client'>) {
    makeAutoObservable<UserAdminStore, 'root' | 'request' | 'reloadTimer'>(this, { root: false, request: false, reloadTimer: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<IdpUser>(SERVICES.idpUsers);
  }

  activate(): () => void {
    const replace = (user: IdpUser) => act('UserAdminStore.pushed', () => {
      const i = this.rows.findIndex((r) => r.id === user.id);
      // A pushed row has no `editable` (it depends on the reader): keep the listed one's.
      if (i >= 0) this.rows[i] = { ...user, editable: this.rows[i]!.editable };
    });
    const removed = (user: IdpUser) => act('UserAdminStore.removed', () => {
      this.rows = this.rows.filter((r) => r.id !== user.id);
      this.selected.delete(user.id);
    });
    const offs = [this.service.on('patched', replace), this.service.on('created', () => this.scheduleReload()), this.service.on('removed', removed)];
    void this.load();
    return () => {
      offs.forEach((off) => off());
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
    };
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

  /** The first page for the current query (or more rows appended with `more`). */
  async load(more = false): Promise<void> {
    const request = ++this.request;
    this.loading = true;
    try {
      const page = (await this.service.find({ ...this.query, $skip: more ? this.rows.length : 0, $limit: USER_PAGE })) as Paginated<IdpUser>;
      if (request !== this.request) return;
      act('UserAdminStore.loaded', () => {
        this.rows = more ? [...this.rows, ...page.data] : page.data;
        this.total = page.total;
        this.loading = false;
        this.loaded = true;
        this.error = null;
      });
    } catch (e) {
      if (request === this.request) act('UserAdminStore.failed', () => {
        this.error = toFeathersError(e);
        this.loading = false;
      });
    }
  }

  get hasMore(): boolean {
    return this.rows.length < this.total;
  }

  /** The next page, as the user scrolls to the end of the list; nothing while one loads or when all are there. */
  loadMore(): void {
    if (this.loading || !this.hasMore) return;
    void this.load(true);
  }

  private scheduleReload(): void {
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.load(), 300);
  }

  setSearch(search: string): void {
    this.search = search;
    this.scheduleReload();
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
    if (this.rows.length > 0 && this.rows.every((r) => this.selected.has(r.id))) this.selected.clear();
    else this.rows.forEach((r) => this.selected.add(r.id));
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
      const created = (await this.service.create(data as unknown as Record<string, unknown>)) as IdpUserWithPassword;
      await this.load();
      return created;
    });
  }

  update(id: string, patch: IdpUserPatch): Promise<IdpUserWithPassword> {
    return this.saving_(async () => {
      const user = (await this.service.patch(id, patch as Record<string, unknown>)) as IdpUserWithPassword;
      act('UserAdminStore.updated', () => {
        const i = this.rows.findIndex((r) => r.id === id);
        const { oneTimePassword: _shownOnce, ...row } = user;
        if (i >= 0) this.rows[i] = row;
      });
      return user;
    });
  }

  remove(id: string): Promise<void> {
    return this.saving_(async () => {
      await this.service.remove(id);
      act('UserAdminStore.deleted', () => {
        this.rows = this.rows.filter((r) => r.id !== id);
        this.total = Math.max(0, this.total - 1);
        this.selected.delete(id);
      });
    });
  }

  bulk(edit: Omit<IdpBulkEditRequest, 'userIds'>): Promise<IdpBulkEditResult> {
    return this.saving_(async () => {
      const result = (await this.root.client.service<IdpBulkEditResult>(SERVICES.idpUserBulk).create({ ...edit, userIds: [...this.selected] })) as IdpBulkEditResult;
      if (!edit.preview) await this.load();
      return result;
    });
  }
}
