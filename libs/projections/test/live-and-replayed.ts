import type { EventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import type { Projection } from '../src/runtime/projection';
import { Projector } from '../src/runtime/projector';
import { replayInto } from '../src/runtime/replay';

/**
 * The read models of `projections` built twice from the same log: by the live projector (until `checkpoint` reaches
 * the head) and by a replay, for specs that show a read model is rebuildable.
 */
export async function liveAndReplayed(
  events: EventStore,
  projections: Projection[],
  checkpoint: string,
): Promise<{ live: SqliteReadStore; replayed: SqliteReadStore }> {
  const live = new SqliteReadStore(':memory:');
  const projector = new Projector(events, live, projections);
  await projector.start();
  for (let i = 0; i < 100 && (await live.getCheckpoint(checkpoint)) !== (await events.headPosition()); i++) await new Promise((r) => setTimeout(r, 20));
  await projector.stop();
  const replayed = new SqliteReadStore(':memory:');
  await replayInto(events, replayed, projections);
  return { live, replayed };
}
