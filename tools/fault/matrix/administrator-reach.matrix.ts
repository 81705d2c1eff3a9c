import type { Socket } from 'socket.io-client';
import type { Permission } from '@portal/contracts';
import { call } from '../../harness/clients';
import type { PortalAccess } from './matrix-types';

/**
 * The administrators' reach, table-driven: every method of the services that touch users, automation errors
 * and responsibilities × admin (kca, all clients, dpv), office (adm without kca, clients 1001–1003, no dpv),
 * clerk (no adm, ove), client1 (no adm) and anonymous × a record of one of the actor's own clients, one of
 * another client, and the guarded kind (a payroll document's failure; a kca holder among users).
 *
 * The expected answer comes from the row's own statement of the rule, not from the portal's code:
 * anonymous → 401; a missing code → 403; a record out of reach → 404 (a list leaves it out); otherwise the
 * call succeeds (or answers what the row names, e.g. 422 for retrying a failure that cannot be retried).
 */
export type ReachTarget = 'own' | 'other' | 'guarded';

export interface ReachActor {
  username: string | null;
  permissions: Permission[];
  /** Every client the actor reaches (all of them for all_clients). */
  clients: number[];
}

export interface ReachRow {
  service: 'users' | 'rpa-errors' | 'responsibilities';
  method: 'find' | 'get' | 'patch' | 'update';
  note?: string;
  gate: readonly Permission[];
  targets: readonly ReachTarget[];
  /** The rule, stated for this row: whether the actor reaches a record of this kind of this client. */
  reaches(actor: ReachActor, target: ReachTarget, client: number): boolean;
  /** What a reachable call answers when it is not plain success. */
  whenReached?(target: ReachTarget): { code: number; name: string };
  call(record: ReachRecord): unknown[];
}

/** The record a row's call is about: its id, its client, and for lists how to recognise it. */
export interface ReachRecord {
  id: string | number;
  client: number;
  /** What the list rows call with to find this record (a filter). */
  filter: Record<string, unknown>;
  /** For responsibilities: the user made responsible. */
  staffId?: string;
}

const has = (actor: ReachActor, codes: readonly Permission[]) => codes.some((c) => actor.permissions.includes(c));
const ADMINS: Permission[] = ['adm', 'kca'];

/** users: kca reaches everybody; adm reaches users whose clients are all its own, never a kca holder. */
const reachesUser = (actor: ReachActor, target: ReachTarget, client: number) => has(actor, ['kca']) || (target !== 'guarded' && actor.clients.includes(client));
/** rpa-errors: failures of the actor's clients; a payroll document's failure only with dpv. */
const reachesFailure = (actor: ReachActor, target: ReachTarget, client: number) =>
  actor.clients.includes(client) && (target !== 'guarded' || has(actor, ['dpv']));
const reachesClient = (actor: ReachActor, _target: ReachTarget, client: number) => actor.clients.includes(client);

// prettier-ignore
export const REACH_ROWS: ReachRow[] = [
  { service: 'users', method: 'find',  gate: ADMINS, targets: ['own', 'other', 'guarded'], reaches: reachesUser, call: (r) => [{ ...r.filter, $limit: 5 }] },
  { service: 'users', method: 'get',   gate: ADMINS, targets: ['own', 'other', 'guarded'], reaches: reachesUser, call: (r) => [r.id, {}] },
  // Changing another user needs adm or kca (403 before the user is looked up).
  { service: 'users', method: 'patch', gate: ADMINS, targets: ['own', 'other', 'guarded'], reaches: reachesUser, note: 'enable', call: (r) => [r.id, { enabled: true }, {}] },
  { service: 'rpa-errors', method: 'find',  gate: ['adm'], targets: ['own', 'other', 'guarded'], reaches: reachesFailure, call: (r) => [{ ...r.filter, $limit: 5 }] },
  { service: 'rpa-errors', method: 'get',   gate: ['adm'], targets: ['own', 'other', 'guarded'], reaches: reachesFailure, call: (r) => [r.id, {}] },
  // A scanner's refused delivery cannot be retried (422); a document's extraction can.
  { service: 'rpa-errors', method: 'patch', gate: ['adm'], targets: ['own', 'other', 'guarded'], reaches: reachesFailure, note: 'retry', whenReached: (t) => (t === 'guarded' ? { code: 0, name: 'ok' } : { code: 422, name: 'Unprocessable' }), call: (r) => [r.id, { action: 'retry' }, {}] },
  { service: 'rpa-errors', method: 'patch', gate: ['adm'], targets: ['own', 'other', 'guarded'], reaches: reachesFailure, note: 'resolve', call: (r) => [r.id, { action: 'resolve', remark: 'Matrix' }, {}] },
  { service: 'responsibilities', method: 'find',   gate: ['adm', 'ove'], targets: ['own', 'other'], reaches: reachesClient, call: (r) => [{ ...r.filter, $limit: 5 }] },
  { service: 'responsibilities', method: 'get',    gate: ['adm', 'ove'], targets: ['own', 'other'], reaches: reachesClient, call: (r) => [r.id, {}] },
  { service: 'responsibilities', method: 'update', gate: ['adm'], targets: ['own', 'other'], reaches: reachesClient, call: (r) => [r.id, { responsible_id: r.staffId }, {}] },
];

/** The actors, in this order: the ones that change records last, so earlier ones still find them open. */
export const REACH_ACTORS = [null, 'client1', 'clerk', 'office', 'admin'] as const;

/** Per actor: a client of its own and another one (the admin reaches both). */
export const OWN_AND_OTHER: Record<string, [own: number, other: number]> = {
  anonymous: [1002, 1004],
  client1: [1001, 1004],
  clerk: [1004, 1002],
  office: [1002, 1004],
  admin: [1002, 1004],
};

type Expected = { kind: 'error'; code: number; name: string } | { kind: 'ok' } | { kind: 'list'; contains: boolean };

export function expectedReach(actor: ReachActor, row: ReachRow, target: ReachTarget, client: number): Expected {
  if (actor.username === null) return { kind: 'error', code: 401, name: 'NotAuthenticated' };
  if (!has(actor, row.gate)) return { kind: 'error', code: 403, name: 'Forbidden' };
  const reached = row.reaches(actor, target, client);
  if (row.method === 'find') return { kind: 'list', contains: reached };
  if (!reached) return { kind: 'error', code: 404, name: 'NotFound' };
  const special = row.whenReached?.(target);
  return special && special.code !== 0 ? { kind: 'error', ...special } : { kind: 'ok' };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function must<T>(what: string, result: Promise<[{ message: string } | null, unknown]>): Promise<T> {
  const [error, value] = await result;
  if (error) throw new Error(`reach matrix: ${what}: ${error.message}`);
  return value as T;
}

/** A user of exactly one client (or a kca holder of it), created once per portal. */
async function userOf(admin: Socket, username: string, client: number, permissions: Permission[]): Promise<string> {
  const [, page] = await call(admin, 'find', ['users', { username, $limit: 1 }]);
  const found = (page as { data: { id: string }[] }).data[0];
  if (found) return found.id;
  const created = await must<{ id: string }>(
    `creating ${username}`,
    call(admin, 'create', [
      'idp-users',
      { username, email: `${username}@matrix.example`, firstName: 'Reach', lastName: username, permissions, klienten: [client] },
      {},
    ]),
  );
  return created.id;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`reach matrix: ${what} did not appear`);
}

/**
 * The records of one run (one transport): per actor and target a failure of its own (the changing rows
 * resolve it), users of one client each, and every client's responsibility assigned.
 */
export async function prepareReach(
  admin: Socket,
  portal: PortalAccess,
  run: string,
): Promise<(actor: string, row: ReachRow, target: ReachTarget) => ReachRecord> {
  const clients = [...new Set(Object.values(OWN_AND_OTHER).flat())];
  const users: Record<string, string> = {};
  for (const client of clients) {
    users[`own-${client}`] = await userOf(admin, `reach-${client}`, client, ['doc']);
    users[`guarded-${client}`] = await userOf(admin, `reach-kca-${client}`, client, ['kca', 'doc']);
    await must('assigning a responsibility', call(admin, 'update', ['responsibilities', client, { responsible_id: users[`own-${client}`] }, {}]));
  }
  // Every failure is caused first and then awaited together: each one appears after the intake or the extraction
  // worker got to it, and waiting for them one by one added those delays up (most of the reach table's time).
  const pending: Array<[key: string, what: string, probe: () => Promise<string | undefined>]> = [];
  for (const actor of Object.keys(OWN_AND_OTHER)) {
    for (const [target, client] of [
      ['own', OWN_AND_OTHER[actor]![0]],
      ['other', OWN_AND_OTHER[actor]![1]],
    ] as const) {
      // A scanner of that client refused once (a wrong secret): a failure of the client that cannot be retried.
      const scanner = await must<{ id: string }>(
        'creating a scanner',
        call(admin, 'create', ['scanners', { name: `Reach ${run} ${actor} ${target}`, client_no: client }, {}]),
      );
      const res = await fetch(`${portal.url}/api/scanners/${scanner.id}/scans`, {
        method: 'POST',
        headers: { 'X-Scanner-Secret': 'wrong', 'Content-Type': 'application/pdf' },
        body: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF')),
      });
      if (res.status !== 401) throw new Error(`reach matrix: a wrong scanner secret answered ${res.status}`);
      pending.push([
        `${actor}-${target}`,
        'a scanner failure',
        async () => {
          const [, page] = await call(admin, 'find', ['rpa-errors', { kind: 'scanner_intake_refused', client_no: client, $limit: 500 }]);
          return (page as { data: { id: string; subject_label: string }[] }).data.find((e) => e.subject_label.startsWith(scanner.id))?.id;
        },
      ]);
    }
    // A payroll document of the actor's own client that cannot be read: its extraction fails.
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(Buffer.from(`%PDF-1.7\n1 0 obj reach ${run} ${actor}\n%%EOF`))]), `lohn-${run}-${actor}.pdf`);
    const upload = await fetch(`${portal.url}/api/documents/upload?client=${OWN_AND_OTHER[actor]![0]}&category=ER_U&payroll=1`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${portal.adminToken}` },
    });
    const documentId = ((await upload.json()) as { files?: { documentId?: number }[] }).files?.[0]?.documentId;
    if (!documentId) throw new Error(`reach matrix: the payroll upload answered ${upload.status}`);
    pending.push([
      `${actor}-guarded`,
      'a payroll extraction failure',
      async () => {
        const [, page] = await call(admin, 'find', ['rpa-errors', { document_id: documentId, $limit: 1 }]);
        return (page as { data: { id: string }[] }).data[0]?.id;
      },
    ]);
  }
  const failures: Record<string, string> = {};
  const found = await Promise.all(pending.map(([, what, probe]) => waitFor(what, probe)));
  pending.forEach(([key], i) => (failures[key] = found[i]!));
  return (actor, row, target) => {
    const client = OWN_AND_OTHER[actor]![target === 'other' ? 1 : 0];
    if (row.service === 'users') {
      const id = users[`${target === 'guarded' ? 'guarded' : 'own'}-${client}`]!;
      return { id, client, filter: { username: target === 'guarded' ? `reach-kca-${client}` : `reach-${client}` } };
    }
    if (row.service === 'rpa-errors') {
      const id = failures[`${actor}-${target}`]!;
      return { id, client, filter: { id } };
    }
    return { id: client, client, filter: { client_no: client }, staffId: users[`own-${client}`] };
  };
}
