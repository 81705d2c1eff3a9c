import { WorkerPool } from './worker-pool';

const tick = () => new Promise((r) => setImmediate(r));

describe('WorkerPool', () => {
  it('starts a second worker only when a job waits, never more than the maximum, and reuses them', async () => {
    let created = 0;
    const pool = new WorkerPool(
      async () => ++created,
      2,
      async () => undefined,
    );
    await pool.run(async (w) => w);
    await pool.run(async (w) => w);
    expect(created).toBe(1);
    const running: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const jobs = Array.from({ length: 5 }, () => pool.run(async (w) => (running.push(w), await gate, w)));
    await tick();
    expect(created).toBe(2);
    expect(running.sort()).toEqual([1, 2]);
    release();
    expect((await Promise.all(jobs)).length).toBe(5);
    expect(created).toBe(2);
  });

  it('fails the waiting jobs when no worker can start', async () => {
    const pool = new WorkerPool<number>(
      () => Promise.reject(new Error('no language data')),
      2,
      async () => undefined,
    );
    await expect(Promise.all([pool.run(async (w) => w), pool.run(async (w) => w)])).rejects.toThrow('no language data');
  });

  it('stops every worker on terminate and starts new ones afterwards', async () => {
    const stopped: number[] = [];
    let created = 0;
    const pool = new WorkerPool(
      async () => ++created,
      1,
      async (w) => void stopped.push(w),
    );
    await pool.run(async (w) => w);
    await pool.terminate();
    expect(stopped).toEqual([1]);
    expect(await pool.run(async (w) => w)).toBe(2);
  });
});
