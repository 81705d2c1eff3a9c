/** The deep link a user asked for, kept in session storage while the browser visits the login provider. */

/** Where a deep link waits while the browser visits the provider (the provider returns to `/` only). */
export const RETURN_TO_KEY = 'portal-return-to';

export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The page to open after the login: a same-origin path only. */
export function safePath(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/** The deep link kept before the login, once: the start route opens it instead of the start page. */
export function takeRememberedPath(): string | null {
  const store = sessionStore();
  const path = safePath(store?.getItem(RETURN_TO_KEY) ?? null);
  store?.removeItem(RETURN_TO_KEY);
  return path;
}
