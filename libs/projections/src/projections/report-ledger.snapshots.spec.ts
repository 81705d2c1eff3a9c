import { SNAPSHOT_GROWTH, snapshotDue } from './report-ledger.projection';

describe('report ledger snapshot interval', () => {
  it('takes a snapshot every `every` events while the ledger is small', () => {
    expect(snapshotDue({ events_since: 999, snapshot_facts: 100 }, 1000)).toBe(false);
    expect(snapshotDue({ events_since: 1000, snapshot_facts: 100 }, 1000)).toBe(true);
  });

  it('waits for a quarter of the last snapshot in events once the ledger is large', () => {
    expect(snapshotDue({ events_since: 1000, snapshot_facts: 40_000 }, 1000)).toBe(false);
    expect(snapshotDue({ events_since: 40_000 * SNAPSHOT_GROWTH, snapshot_facts: 40_000 }, 1000)).toBe(true);
  });

  it('treats a head written before the rule (no fact count) as small', () => {
    expect(snapshotDue({ events_since: 1000 }, 1000)).toBe(true);
  });

  it('keeps the snapshots of a growing client within a few times its last one', () => {
    // One new document per event: the ledger grows by one fact an event.
    let facts = 0;
    let since = 0;
    let stored = 0;
    let snapshots = 0;
    for (let event = 0; event < 200_000; event++) {
      facts++;
      since++;
      if (snapshotDue({ events_since: since, snapshot_facts: stored === 0 ? 0 : facts - since }, 1000)) {
        stored += facts;
        snapshots++;
        since = 0;
      }
    }
    expect(snapshots).toBeLessThan(40);
    expect(stored).toBeLessThan(6 * facts);
  });
});
