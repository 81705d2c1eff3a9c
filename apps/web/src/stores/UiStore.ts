import { makeAutoObservable } from 'mobx';
import type { Locale } from '@portal/contracts';
import { DEFAULT_LOCALE, LOCALES } from '@portal/contracts';
import type { FlagStorage } from './auth-port';
import { LeaveGuard } from './LeaveGuard';

/** Spec §1: dark theme flag in local storage, 1 or 0. */
export const DARK_MODE_KEY = 'dark-mode';
/** The signed-in user's language, remembered so the next load paints in it before the user is known. */
export const LOCALE_KEY = 'portal-locale';
/** Spec §4 / 9: snackbar default 5000 ms, +1000 per queued message, at most 10000. */
export const SNACKBAR_TIMEOUT_MS = 5000;
export const SNACKBAR_STEP_MS = 1000;
export const SNACKBAR_MAX_MS = 10000;

export type SnackbarKind = 'success' | 'error' | 'info';

export interface SnackbarAction {
  text: string;
  run: () => void;
}

export interface Snackbar {
  id: number;
  message: string;
  kind: SnackbarKind;
  timeout: number;
  /** One action, e.g. Undo after moving documents to the trash. */
  action?: SnackbarAction;
}

/** Timeout of a new message given how many are already queued. */
export function snackbarTimeout(queued: number): number {
  return Math.min(SNACKBAR_TIMEOUT_MS + SNACKBAR_STEP_MS * queued, SNACKBAR_MAX_MS);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Drawer, theme, language and the snackbar queue. */
export class UiStore {
  drawerOpen = false;
  darkMode: boolean;
  locale: Locale = DEFAULT_LOCALE;
  snackbars: Snackbar[] = [];
  /** Unsaved-changes guard of the open form. */
  readonly leave = new LeaveGuard();
  private nextId = 1;

  constructor(
    private readonly storage: FlagStorage | null,
    prefersDark: boolean,
  ) {
    const stored = safeGet(storage, DARK_MODE_KEY);
    this.darkMode = stored === '1' ? true : stored === '0' ? false : prefersDark;
    const storedLocale = safeGet(storage, LOCALE_KEY);
    if (isLocale(storedLocale)) this.locale = storedLocale;
    makeAutoObservable<UiStore, 'storage' | 'nextId'>(this, { storage: false, nextId: false, leave: false, errorText: false }, { autoBind: true });
  }

  openDrawer(): void {
    this.drawerOpen = true;
  }

  closeDrawer(): void {
    this.drawerOpen = false;
  }

  toggleDrawer(): void {
    this.drawerOpen = !this.drawerOpen;
  }

  setDarkMode(dark: boolean): void {
    this.darkMode = dark;
    try {
      this.storage?.setItem(DARK_MODE_KEY, dark ? '1' : '0');
    } catch {
      /* storage unavailable: the flag lives for this page only */
    }
  }

  toggleDarkMode(): void {
    this.setDarkMode(!this.darkMode);
  }

  /** Unknown locales fall back to en (spec §1); the choice is remembered for the next load. */
  setLocale(locale: string | null | undefined): void {
    this.locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
    try {
      this.storage?.setItem(LOCALE_KEY, this.locale);
    } catch {
      /* storage unavailable: the language lives for this page only */
    }
  }

  /** The remembered language, if any (for the login page before the user is known). */
  get storedLocale(): Locale | null {
    const stored = safeGet(this.storage, LOCALE_KEY);
    return isLocale(stored) ? stored : null;
  }

  notify(message: string, kind: SnackbarKind = 'info', action?: SnackbarAction): Snackbar {
    const snackbar: Snackbar = { id: this.nextId++, message, kind, timeout: snackbarTimeout(this.snackbars.length), ...(action ? { action } : {}) };
    this.snackbars.push(snackbar);
    return snackbar;
  }

  success(message: string, action?: SnackbarAction): Snackbar {
    return this.notify(message, 'success', action);
  }

  /** Turns a failure into the text users read (set by the app to the translated server messages). */
  errorText: (error: unknown) => string = errorMessage;

  setErrorText(errorText: (error: unknown) => string): void {
    this.errorText = errorText;
  }

  error(error: unknown): Snackbar {
    return this.notify(this.errorText(error), 'error');
  }

  dismiss(id: number): void {
    this.snackbars = this.snackbars.filter((s) => s.id !== id);
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}

function safeGet(storage: FlagStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
