import { SqliteReadStore, WriterLease, type LeaseState } from '@portal/read-store';
import { projectorProblem, ProjectorWatch } from './projector-watch';

const held = (host: string, expiresAt: number): LeaseState => ({ holder: `${host}/1/x`, host, pid: 1, epoch: 3, expiresAt });

describe('what an api that does not project says about its projector', () => {
  it('nothing when a projector on this host holds the lease', () => {
    expect(projectorProblem(held('h1', 2_000), 'SQLite', 'h1', 1_000)).toBeNull();
  });

  it('names the missing projector and where to start it when nobody holds the lease or it expired', () => {
    expect(projectorProblem(null, 'SQLite', 'h1', 1_000)).toMatch(/No projector holds .*start:projector.*PORTAL_DATA_DIR/);
    expect(projectorProblem(held('h1', 999), 'MongoDB', 'h1', 1_000)).toMatch(/No projector holds .*MONGO_URL/);
  });

  it('warns of a projector on another host over one SQLite file, not over MongoDB', () => {
    expect(projectorProblem(held('h2', 2_000), 'SQLite', 'h1', 1_000)).toMatch(/host h2, this api on h1.*network file system/);
    expect(projectorProblem(held('h2', 2_000), 'MongoDB', 'h1', 1_000)).toBeNull();
  });

  it('on a real read store: warns once while no projector holds the lease, and says when one took it', async () => {
    const store = new SqliteReadStore(':memory:');
    const warnings: string[] = [];
    const logs: string[] = [];
    const watch = new ProjectorWatch({ leases: store.leases, readStore: 'SQLite', warn: (m) => warnings.push(m), log: (m) => logs.push(m) });
    const lease = new WriterLease(store, { ttlMs: 5_000, onLost: () => undefined });
    try {
      expect(await watch.look()).toMatch(/No projector/);
      expect(await watch.look()).toMatch(/No projector/);
      expect(warnings).toHaveLength(1);
      await lease.acquire();
      expect(await watch.look()).toBeNull();
      expect(logs).toEqual([expect.stringMatching(/holds the read store's writer lease again/)]);
    } finally {
      await lease.release();
      await store.close();
    }
  });
});
