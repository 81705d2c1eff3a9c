import { setImmediate as nextTurn } from 'node:timers/promises';
import { LoopSlice } from './loop-slice';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('a command step slice', () => {
  it('lets a small command run on without giving the event loop a turn', () => {
    const slice = new LoopSlice(50);
    expect(slice.step()).toBeUndefined();
    expect(slice.afterWait()).toBeUndefined();
    expect(slice.yielded).toBe(false);
  });

  it('gives the event loop a turn once a step has held it longer than the slice, and starts a new slice after it', async () => {
    // A slice long enough that a busy machine's scheduler pause between two statements cannot use it up
    // (5 ms did, at load 10: the step after the turn found its new slice already spent).
    const slice = new LoopSlice(100);
    let otherRequest = false;
    void nextTurn().then(() => (otherRequest = true));
    busy(105);
    await slice.step();
    expect(otherRequest).toBe(true);
    expect(slice.yielded).toBe(true);
    expect(slice.step()).toBeUndefined();
  });

  it('gives a large command a turn after a wait of unknown length (its append), a small one none', async () => {
    const large = new LoopSlice(1);
    busy(2);
    await large.step();
    let otherRequest = false;
    void nextTurn().then(() => (otherRequest = true));
    await large.afterWait();
    expect(otherRequest).toBe(true);
  });
});
