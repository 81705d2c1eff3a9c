import { makeAutoObservable } from 'mobx';
import type { AccountView, PasswordProblem } from '@portal/contracts';
import { passwordProblems, SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

export type AccountRoot = Pick<RootStore, 'client' | 'session' | 'ui' | 'auth'>;

/** The browser's side of a WebAuthn registration (@simplewebauthn/browser's startRegistration). */
export type CreateCredential = (options: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface PasswordDraft {
  current: string;
  next: string;
  repeat: string;
}

/**
 * The personal account page: the caller's details and e-mail address, the password change with
 * the rule shown as the user types, the authenticator app, security keys and the signed-in devices.
 * Everything goes through the `account` service ('me'); with Keycloak, what only its pages do is an
 * application-initiated action.
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
  emailDraft = '';
  emailError: string | null = null;
  keyLabel = '';
  keyError: string | null = null;

  constructor(
    private readonly root: AccountRoot,
    private readonly createCredential: CreateCredential = () => Promise.reject(new Error('WebAuthn is not available')),
  ) {
    makeAutoObservable<AccountStore, 'root' | 'createCredential'>(this, { root: false, createCredential: false }, { autoBind: true });
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

  /** A refusal reads "Error saving personal details: …". */
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

  /** The personal details as last saved (leaving the screen without saving). */
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

  setEmailDraft(value: string): void {
    this.emailDraft = value;
    this.emailError = null;
  }

  /** Embedded: a link goes to the new address (pending until opened); Keycloak saves it (and may verify it). */
  async changeEmail(doneText: (email: string) => string): Promise<void> {
    const email = this.emailDraft.trim();
    if (email === '') return;
    this.saving = true;
    try {
      const account = (await this.service.patch('me', { email })) as AccountView;
      act('AccountStore.emailRequested', () => {
        this.apply(account);
        this.emailDraft = '';
      });
      this.root.ui.success(doneText(email));
    } catch (e) {
      act('AccountStore.emailRefused', () => (this.emailError = toFeathersError(e).message));
    } finally {
      act('AccountStore.emailDone', () => (this.saving = false));
    }
  }

  setKeyLabel(value: string): void {
    this.keyLabel = value;
    this.keyError = null;
  }

  /** Options from the server, the browser asks the key, the server checks its answer and keeps it under the name. */
  async addSecurityKey(texts: { added: string; noAnswer: string }): Promise<void> {
    const label = this.keyLabel.trim();
    if (label === '') return;
    this.saving = true;
    try {
      const started = (await this.service.patch('me', { securityKey: 'options' })) as AccountView;
      let response: Record<string, unknown>;
      try {
        response = await this.createCredential(started.securityKeyOptions ?? {});
      } catch {
        act('AccountStore.keyNoAnswer', () => (this.keyError = texts.noAnswer));
        return;
      }
      const account = (await this.service.patch('me', { securityKey: 'register', label, response })) as AccountView;
      act('AccountStore.keyAdded', () => {
        this.apply(account);
        this.keyLabel = '';
      });
      this.root.ui.success(texts.added);
    } catch (e) {
      act('AccountStore.keyRefused', () => (this.keyError = toFeathersError(e).message));
    } finally {
      act('AccountStore.keyDone', () => (this.saving = false));
    }
  }

  async renameSecurityKey(id: string, label: string, doneText: string): Promise<boolean> {
    return this.keyCall({ securityKey: 'rename', id, label }, doneText);
  }

  async removeSecurityKey(id: string, doneText: string): Promise<boolean> {
    return this.keyCall({ securityKey: 'remove', id }, doneText);
  }

  /** Keycloak: its own page for a password, an authenticator app, a new key or removing one (`delete_credential:<id>`). */
  providerAction(action: string): void {
    void this.root.auth.providerAction(action);
  }

  private async keyCall(data: Record<string, string>, doneText: string): Promise<boolean> {
    try {
      const account = (await this.service.patch('me', data)) as AccountView;
      act('AccountStore.keyChanged', () => this.apply(account));
      this.root.ui.success(doneText);
      return true;
    } catch (e) {
      this.root.ui.error(e);
      return false;
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
