import { useEffect } from 'react';

/** Access keys of spec section 2 (Alt+key in Chromium). */
export const ACCESS_KEYS = {
  /** select company */
  company: 'c',
  /** default accounts (invoice screen) */
  defaultAccounts: 'd',
  /** person accounts (invoice screen) */
  personAccounts: 'p',
} as const;

/** Reserved shortcuts: previous / next invoice, wired by the invoice screen through useShortcut. */
export const SHORTCUTS = {
  previousInvoice: { ctrlKey: true, key: 'ArrowUp' },
  nextInvoice: { ctrlKey: true, key: 'ArrowDown' },
} as const;

export interface Shortcut {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

export function matchesShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'shiftKey'>, s: Shortcut): boolean {
  return event.key === s.key && event.ctrlKey === !!s.ctrlKey && event.altKey === !!s.altKey && event.shiftKey === !!s.shiftKey;
}

/** Runs `handler` on a global key combination while the component is mounted. */
export function useShortcut(shortcut: Shortcut, handler: (event: KeyboardEvent) => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (matchesShortcut(event, shortcut)) {
        event.preventDefault();
        handler(event);
      }
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
    // The combination's keys, not the object: callers pass a new object literal on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shortcut.key, shortcut.ctrlKey, shortcut.altKey, shortcut.shiftKey, handler, enabled]);
}
