import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChangeSignal } from './change-signal';
import { FileWake, UNWATCHED_POLL_MS } from './file-wake';
import { silentLogger } from '../logger';

const dir = mkdtempSync(join(tmpdir(), 'file-wake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

/** A watcher and a writer on one wake file, as two processes would have them, and how often the watcher was woken. */
function pair() {
  const path = join(dir, `store-${++counter}.sqlite-wake`);
  const signal = new ChangeSignal();
  const watcher = new FileWake(path, signal, silentLogger);
  const writer = new FileWake(path, new ChangeSignal(), silentLogger);
  let wakes = 0;
  let stopped = false;
  const listen = (): void => {
    if (!stopped) void signal.wait(200).promise.then((woken) => (woken && !stopped && wakes++, listen()));
  };
  listen();
  return {
    path,
    signal,
    watcher,
    writer,
    wakes: () => wakes,
    stop: () => {
      stopped = true;
      watcher.close();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('FileWake', () => {
  it('a touch by the writer wakes the watching side at once', async () => {
    const { watcher, writer, signal, stop } = pair();
    expect(watcher.watch()).toBe(true);
    try {
      const woken = signal.wait(5000);
      const started = performance.now();
      writer.touch();
      expect(await woken.promise).toBe(true);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      stop();
    }
  });

  it('a burst of 200 touches wakes the watching side a few times, not 200', async () => {
    const { watcher, writer, wakes, stop } = pair();
    watcher.watch();
    try {
      for (let i = 0; i < 200; i++) writer.touch();
      await sleep(200);
      expect(wakes()).toBeGreaterThanOrEqual(1);
      expect(wakes()).toBeLessThanOrEqual(3);
    } finally {
      stop();
    }
  });

  it('a wake file removed and written anew is watched again', async () => {
    const { path, watcher, writer, wakes, stop } = pair();
    watcher.watch();
    try {
      rmSync(path);
      await sleep(100);
      writeFileSync(path, '');
      await sleep(100);
      const before = wakes();
      writer.touch();
      await sleep(200);
      expect(watcher.watching).toBe(true);
      expect(wakes()).toBeGreaterThan(before);
    } finally {
      stop();
    }
  });

  it('polls slowly while watching and fast without a watch', () => {
    const watcher = new FileWake(join(dir, 'missing-dir', 'store.sqlite-wake'), new ChangeSignal(), silentLogger);
    expect(watcher.watch()).toBe(false);
    expect(watcher.pollMs(200)).toBe(UNWATCHED_POLL_MS);
    const { watcher: watching, stop } = pair();
    watching.watch();
    expect(watching.pollMs(200)).toBe(200);
    stop();
    expect(watching.pollMs(200)).toBe(UNWATCHED_POLL_MS);
  });

  it('a touch of a missing file creates it and never throws, also where it cannot', () => {
    expect(() => new FileWake(join(dir, 'missing-dir', 'x-wake'), new ChangeSignal(), silentLogger).touch()).not.toThrow();
    const { path, writer, stop } = pair();
    stop();
    writer.touch();
    expect(() => writeFileSync(path, '', { flag: 'r+' })).not.toThrow();
  });
});
