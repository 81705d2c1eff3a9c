import { LeaveGuard } from '../stores/LeaveGuard';
import { guardHistory, type HistoryWindow } from './history-guard';

/** A browser history of entries with react-router's `idx`, whose popstate listeners run like Chrome's (capture first). */
function fakeBrowser(entries: number, deferred = false) {
  let at = entries - 1;
  const queue: number[] = [];
  const capture: Array<(e: PopStateEvent) => void> = [];
  const routerMoves: number[] = [];
  const pop = () => {
    let stopped = false;
    const event = { state: { idx: at }, stopImmediatePropagation: () => (stopped = true) } as unknown as PopStateEvent;
    for (const listener of [...capture]) if (!stopped) listener(event);
    if (!stopped) routerMoves.push(at);
  };
  const win: HistoryWindow = {
    history: {
      get state() {
        return { idx: at };
      },
      go: (delta: number) => {
        if (deferred) return void queue.push(delta);
        at += delta;
        pop();
      },
    },
    addEventListener: (_type, listener) => capture.push(listener),
    removeEventListener: (_type, listener) => capture.splice(capture.indexOf(listener), 1),
  };
  /** Runs the next traversal the page asked for (the browser does them one task after the other). */
  const step = () => {
    at += queue.shift()!;
    pop();
  };
  const settle = () => {
    while (queue.length) step();
  };
  return { win, back: () => win.history.go(-1), routerMoves, at: () => at, step, settle };
}

describe('browser Back and Forward with unsaved edits', () => {
  const setUp = (dirty: { value: boolean }) => {
    const browser = fakeBrowser(3);
    const leave = new LeaveGuard();
    leave.protect({ dirty: () => dirty.value, save: async () => ((dirty.value = false), true), discard: () => (dirty.value = false) });
    const guard = guardHistory(browser.win, leave);
    return { browser, leave, guard };
  };

  it('given no unsaved edits, when Back is pressed, then the router moves at once', () => {
    const { browser } = setUp({ value: false });
    browser.back();
    expect(browser.routerMoves).toEqual([1]);
    expect(browser.at()).toBe(1);
  });

  it('given unsaved edits, when Back is pressed, then the page stays and the user is asked', () => {
    const { browser, leave } = setUp({ value: true });
    browser.back();
    expect(browser.routerMoves).toEqual([]);
    expect(browser.at()).toBe(2);
    expect(leave.pending).not.toBeNull();
  });

  it('given the question, when the user stays, then nothing moves; when they discard, then Back happens', async () => {
    const dirty = { value: true };
    const { browser, leave } = setUp(dirty);
    browser.back();
    await leave.choose('stay');
    expect(browser.at()).toBe(2);
    expect(dirty.value).toBe(true);
    browser.back();
    await leave.choose('discard');
    expect(browser.at()).toBe(1);
    expect(browser.routerMoves).toEqual([1]);
  });

  it('given the question, when the user saves, then the step is replayed after saving', async () => {
    const dirty = { value: true };
    const { browser, leave } = setUp(dirty);
    browser.back();
    await leave.choose('save');
    expect(dirty.value).toBe(false);
    expect(browser.routerMoves).toEqual([1]);
  });

  it('given the user chooses before the browser has stepped back, then the step is replayed after it', async () => {
    const browser = fakeBrowser(3, true);
    const dirty = { value: true };
    const leave = new LeaveGuard();
    leave.protect({ dirty: () => dirty.value, save: async () => true, discard: () => (dirty.value = false) });
    guardHistory(browser.win, leave);
    browser.back();
    browser.step();
    // The guard asked the browser to step forward again; the user discards before that happened.
    expect(leave.pending).not.toBeNull();
    await leave.choose('discard');
    browser.settle();
    expect(browser.at()).toBe(1);
    expect(browser.routerMoves).toEqual([1]);
  });

  it('once stopped, it no longer intercepts', () => {
    const { browser, guard } = setUp({ value: true });
    guard.stop();
    browser.back();
    expect(browser.routerMoves).toEqual([1]);
  });
});
