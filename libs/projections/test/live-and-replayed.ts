import type { EventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import type { Projection } from '../src/runtime/projection';
import { checkpointName, Projector } from '../src/runtime/projector';
import { replayInto } from '../src/runtime/replay';

/** How long the live projector may take to reach the head: seconds alone, much longer while other suites share the cores. */
const CATCH_UP_MS = 120_000;

/**
 * The read models of `projections` built twice from the same log: by the live projector (until every projection's
 * checkpoint reaches the head) and by a replay, for specs that show a read model is rebuildable.
 */
export async function liveAndReplayed(events: EventStore, projections: Projection[]): Promise<{ live: SqliteReadStore; replayed: SqliteReadStore }> {
  const live = new SqliteReadStore(':memory:');
  const projector = new Projector(events, live, projections);
  await projector.start();
  const head = await events.headPosition();
  const caughtUp = async () => (await Promise.all(projections.map((p) => live.getCheckpoint(checkpointName(p))))).every((position) => position === head);
  const deadline = Date.now() + CATCH_UP_MS;
  while (!(await caughtUp())) {
    // A live store compared before the projector reached the head differs for a reason the spec is not about.
    if (Date.now() > deadline) throw new Error(`the live projector did not reach position ${head} within ${CATCH_UP_MS} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await projector.stop();
  const replayed = new SqliteReadStore(':memory:');
  await replayInto(events, replayed, projections);
  return { live, replayed };
}
