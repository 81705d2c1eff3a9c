import type { LeaveGuard } from '../stores/LeaveGuard';

/** What the guard needs of `window` (a fake in the spec). */
export interface HistoryWindow {
  history: { state: unknown; go(delta: number): void };
  addEventListener(type: 'popstate', listener: (event: PopStateEvent) => void, options: AddEventListenerOptions): void;
  removeEventListener(type: 'popstate', listener: (event: PopStateEvent) => void, options: AddEventListenerOptions): void;
}

export interface HistoryGuard {
  /** Records where the app stands now; call it after every in-app navigation. */
  sync(): void;
  stop(): void;
}

/** The position react-router keeps in each history entry's state. */
const indexOf = (state: unknown): number | null =>
  state !== null && typeof state === 'object' && typeof (state as { idx?: unknown }).idx === 'number' ? (state as { idx: number }).idx : null;

/**
 * Browser Back / Forward with unsaved edits asks first. Installed before the router listens, its popstate
 * listener runs first: it keeps the router from moving, steps the browser back to where the form is, and replays
 * the step once the user chose save or discard (stay leaves everything as it is).
 */
export function guardHistory(win: HistoryWindow, leave: Pick<LeaveGuard, 'blocksUnload' | 'attempt'>): HistoryGuard {
  let current = indexOf(win.history.state);
  let restoring = false;
  /** A step chosen while the browser was still stepping back: replayed once it is back. */
  let replay: number | null = null;
  const onPop = (event: PopStateEvent) => {
    const next = indexOf(event.state);
    if (restoring) {
      restoring = false;
      event.stopImmediatePropagation();
      if (replay !== null) win.history.go(replay);
      replay = null;
      return;
    }
    if (next === null || current === null || next === current || !leave.blocksUnload) {
      current = next;
      return;
    }
    event.stopImmediatePropagation();
    const delta = next - current;
    restoring = true;
    win.history.go(-delta);
    leave.attempt(() => {
      if (restoring) replay = delta;
      else win.history.go(delta);
    });
  };
  const options: AddEventListenerOptions = { capture: true };
  win.addEventListener('popstate', onPop, options);
  return {
    sync: () => {
      current = indexOf(win.history.state);
    },
    stop: () => win.removeEventListener('popstate', onPop, options),
  };
}
