import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { feathers } from '@feathersjs/feathers';
import { KnexService } from '@feathersjs/knex';
import socketio from '@feathersjs/socketio';
import knex from 'knex';

/**
 * The peer of the realtime comparison, run as its own process: an official Feathers 5 server, socket.io
 * transport, one `messages` service on @feathersjs/knex with SQLite (better-sqlite3, WAL, synchronous=FULL
 * as the portal's event store), every connection in one channel. Prints READY <port> when it listens.
 */
async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const dir = mkdtempSync(join(tmpdir(), 'bench-feathers-'));
  const db = knex({
    client: 'better-sqlite3',
    connection: { filename: join(dir, 'messages.sqlite') },
    useNullAsDefault: true,
    pool: {
      afterCreate: (conn: { pragma(sql: string): unknown }, done: (error: Error | null, conn: unknown) => void) => {
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = FULL');
        done(null, conn);
      },
    },
  });
  await db.schema.createTable('messages', (table) => {
    table.increments('id');
    table.string('text');
    table.bigInteger('createdAt');
  });
  const app = feathers();
  app.configure(socketio({ cors: { origin: '*' } }));
  app.use('messages', new KnexService({ Model: db, name: 'messages', paginate: { default: 10, max: 50 } }));
  app.on('connection', (connection) => app.channel('everybody').join(connection));
  app.publish(() => app.channel('everybody'));
  await app.listen(port);
  process.stdout.write(`READY ${port}\n`);
  const stop = async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`feathers peer failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
