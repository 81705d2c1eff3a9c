import { setImmediate as nextTurn } from 'node:timers/promises';
import { CommandRuntime } from '@portal/commands';
import { SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS, Projector } from '@portal/projections';
import { SqliteReadStore } from '@portal/read-store';
import type { CommandSender } from '@portal/api';

/**
 * An event store, the projector and the read store in one process, with a command sender that answers once the
 * read models hold the command's events (as the portal's does): for specs and benches of the banking import.
 * `dir` keeps them in files (the bench measures SQLite on disk); without it they live in memory.
 */
export async function bankingHarness(options: { dir?: string; clock?: () => Date } = {}) {
  const events = new SqliteEventStore(options.dir ? `${options.dir}/events.sqlite` : ':memory:', options.dir ? { synchronous: 'OFF' } : undefined);
  const reads = new SqliteReadStore(options.dir ? `${options.dir}/read-models.sqlite` : ':memory:');
  const runtime = new CommandRuntime(events, options.clock);
  const projector = new Projector(events, reads, ALL_PROJECTIONS);
  await projector.prepare();
  const sync = async () => {
    for (;;) {
      const page = await events.readAll(projector.currentPosition, 5000);
      if (page.length === 0) return;
      await projector.applyBatch(page);
    }
  };
  const commands = {
    async send(...args: Parameters<CommandRuntime['execute']>) {
      const outcome = await runtime.execute(...args);
      // The portal's projector takes the events in a turn of its own (woken by the append), not in the command's.
      await nextTurn();
      await sync();
      return outcome;
    },
  } as unknown as CommandSender;
  return { events, reads, runtime, commands, sync, close: async () => Promise.all([reads.close(), events.close()]) };
}
