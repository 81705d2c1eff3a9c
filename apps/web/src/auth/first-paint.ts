import { when } from 'mobx';

/** How long the page waits for the user before it paints anyway (a spinner in the remembered language). */
export const FIRST_PAINT_MAX_WAIT_MS = 6000;

/**
 * The page paints once the signed-in user's own language is applied (the step that signs them
 * in applies it), or once the session start ends without a user (login page, logout page, failure), so a
 * browser that remembers another language never shows it first. Never later than `maxWaitMs`.
 */
export async function firstPaint(
  session: { readonly isAuthenticated: boolean },
  started: Promise<unknown>,
  maxWaitMs = FIRST_PAINT_MAX_WAIT_MS,
  timer: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void } = {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
): Promise<void> {
  const signedIn = when(() => session.isAuthenticated);
  let handle: unknown = null;
  const late = new Promise<void>((resolve) => (handle = timer.setTimeout(resolve, maxWaitMs)));
  await Promise.race([
    signedIn,
    started.then(
      () => undefined,
      () => undefined,
    ),
    late,
  ]);
  signedIn.cancel();
  timer.clearTimeout(handle);
}
