import { makeAutoObservable } from 'mobx';
import type { AccountView, PasswordProblem } from '@portal/contracts';
import { passwordProblems, SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../act';
import type { RootStore } from '../RootStore';

export type AccountRoot = Pick<RootStore, 'client' | 'session' | 'ui'>;

export interface PasswordDraft {
  current: string;
  next: string;
  repeat: string;
}

/**
 * The personal account page (issue 17): the caller's details, the password change with the rule shown
 * as the user types, and the signed-in devices. Everything goes through the `account` service ('me').
 */
export class AccountStore {
  account: AccountView | null = null;
  loading = false;
  error: FeathersError | null = null;
  saving = false;
  details = { firstName: '', lastName: '', telNr: '' };
  password: PasswordDraft = { current: '', next: '', repeat: '' };
  passwordError: string | null = null;
  /** The set-up in progress: secret, QR code and URI for the authenticator app. */
  totpSetup: NonNullable<AccountView['totpSetup']> | null = null;
  /** Shown once, right after the set-up was confirmed. */
  recoveryCodes: string[] | null = null;
  totpCode = '';
  totpError: string | null = null;

  constructor(private readonly root: AccountRoot) {
    makeAutoObservable<AccountStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<AccountView>(SERVICES.account);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const account = (await this.service.get('me')) as AccountView;
      act('AccountStore.loaded', () => this.apply(account));
    } catch (e) {
      act('AccountStore.failed', () => (this.error = toFeathersError(e)));
    } finally {
      act('AccountStore.done', () => (this.loading = false));
    }
  }

  setDetail(field: keyof AccountStore['details'], value: string): void {
    this.details = { ...this.details, [field]: value };
  }

  get detailsChanged(): boolean {
    const a = this.account;
    return !!a && (a.firstName !== this.details.firstName || a.lastName !== this.details.lastName || a.telNr !== this.details.telNr);
  }

  /** Spec 8: "Error saving personal details". */
  async saveDetails(successText: string, failureText: string): Promise<void> {
    this.saving = true;
    try {
      const account = (await this.service.patch('me', { ...this.details })) as AccountView;
      act('AccountStore.saved', () => this.apply(account));
      this.root.ui.success(successText);
    } catch (e) {
      this.root.ui.error(`${failureText}: ${this.root.ui.errorText(e)}`);
    } finally {
      act('AccountStore.saveDone', () => (this.saving = false));
    }
  }

  /** The personal details as last saved (leaving the screen without saving, issue 9.1). */
  discardDetails(): void {
    if (this.account) this.apply(this.account);
  }

  setPassword(field: keyof PasswordDraft, value: string): void {
    this.password = { ...this.password, [field]: value };
    this.passwordError = null;
  }

  /** The rule as the user types (empty while nothing is typed). */
  get passwordProblems(): PasswordProblem[] {
    return this.password.next === '' ? [] : passwordProblems(this.password.next, this.account?.username ?? '');
  }

  get passwordsMatch(): boolean {
    return this.password.repeat === '' || this.password.next === this.password.repeat;
  }

  get mayChangePassword(): boolean {
    const { current, next, repeat } = this.password;
    return current !== '' && next !== '' && next === repeat && this.passwordProblems.length === 0 && !this.saving;
  }

  async changePassword(successText: string): Promise<void> {
    if (!this.mayChangePassword) return;
    this.saving = true;
    try {
      const account = (await this.service.patch('me', { currentPassword: this.password.current, newPassword: this.password.next })) as AccountView;
      act('AccountStore.passwordChanged', () => {
        this.apply(account);
        this.password = { current: '', next: '', repeat: '' };
      });
      this.root.ui.success(successText);
    } catch (e) {
      act('AccountStore.passwordRefused', () => (this.passwordError = toFeathersError(e).message));
    } finally {
      act('AccountStore.passwordDone', () => (this.saving = false));
    }
  }

  setTotpCode(value: string): void {
    this.totpCode = value;
    this.totpError = null;
  }

  async beginTotp(): Promise<void> {
    await this.totpCall({ totp: 'begin' }, (account) => {
      this.totpSetup = account.totpSetup ?? null;
      this.recoveryCodes = null;
    });
  }

  async confirmTotp(): Promise<void> {
    await this.totpCall({ totp: 'confirm', code: this.totpCode }, (account) => {
      this.totpSetup = null;
      this.recoveryCodes = account.recoveryCodes ?? null;
    });
  }

  async disableTotp(): Promise<void> {
    await this.totpCall({ totp: 'disable', code: this.totpCode }, () => {
      this.recoveryCodes = null;
    });
  }

  cancelTotpSetup(): void {
    this.totpSetup = null;
    this.totpCode = '';
    this.totpError = null;
  }

  private async totpCall(data: Record<string, string>, then: (account: AccountView) => void): Promise<void> {
    this.saving = true;
    try {
      const account = (await this.service.patch('me', data)) as AccountView;
      act('AccountStore.totp', () => {
        this.apply(account);
        this.totpCode = '';
        then(account);
      });
    } catch (e) {
      act('AccountStore.totpRefused', () => (this.totpError = toFeathersError(e).message));
    } finally {
      act('AccountStore.totpDone', () => (this.saving = false));
    }
  }

  /** Signs out one other device, or every other one ('others'). */
  async signOut(deviceId: string): Promise<void> {
    try {
      const account = (await this.service.remove(deviceId)) as AccountView;
      act('AccountStore.signedOut', () => this.apply(account));
    } catch (e) {
      this.root.ui.error(e);
    }
  }

  private apply(account: AccountView): void {
    this.account = account;
    this.error = null;
    this.details = { firstName: account.firstName, lastName: account.lastName, telNr: account.telNr };
  }
}
