import { CommandRuntime } from '@portal/commands';
import { SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS, Projector } from '@portal/projections';
import { SqliteReadStore } from '@portal/read-store';
import { SqliteCredentialStore } from '../src/identity/sqlite-credential-store';
import { UserAccounts, type ExecuteCommand } from '../src/features/users/user-accounts';
import { EmbeddedIdentityUsers } from '../src/features/user-admin/embedded-identity-users';

/** The embedded provider's directory in-process: SQLite events and read models, projected after every command. */
export async function embeddedUserDirectory() {
  const events = new SqliteEventStore(':memory:');
  const reads = new SqliteReadStore(':memory:');
  const credentials = new SqliteCredentialStore(':memory:');
  const runtime = new CommandRuntime(events);
  const projector = new Projector(events, reads, ALL_PROJECTIONS);
  await projector.prepare();
  const execute: ExecuteCommand = async (decider, stream, command, context) => {
    const outcome = await runtime.execute(decider, stream, command, context);
    for (let page = await events.readAll(projector.currentPosition, 1000); page.length > 0; page = await events.readAll(projector.currentPosition, 1000))
      await projector.applyBatch(page);
    return outcome;
  };
  const accounts = new UserAccounts(execute, credentials, events);
  const ended: string[] = [];
  return {
    users: new EmbeddedIdentityUsers(reads, accounts, execute, (id) => ended.push(id)),
    reads,
    ended,
    login: (userId: string) => accounts.record({ kind: 'succeeded', userId, address: '127.0.0.1', method: 'pwd' }),
    async close() {
      await credentials.close();
      await reads.close();
      await events.close();
    },
  };
}
