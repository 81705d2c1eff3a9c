import type { Socket } from 'socket.io-client';
import { authenticateRaw, call, connected, rawSocket, type WireError } from '../harness/clients';
import { sleep, startPortal, type PortalProc } from '../harness/proc';
import { reportCounts } from './report';

/**
 * Fault test 4: 10,000 malformed or random socket messages, each answered with an error or dropped;
 * the server stays up, still answers normal calls, and its memory stays bounded.
 */
jest.setTimeout(150_000);

type AckKind = 'fn' | 'none' | 'string' | 'number' | 'object';
interface Message {
  kind: string;
  event: string | number;
  args: unknown[];
  ack: AckKind;
  /** Sent on a signed-in (admin) connection or an anonymous one. */
  signedIn: boolean;
}

let seed = 20240611;
/** mulberry32: a repeatable stream of messages. */
const rnd = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n: number) => Math.floor(rnd() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
const randomString = (max: number) => Array.from({ length: 1 + int(max) }, () => String.fromCharCode(32 + int(0x2fff))).join('');

const SERVICES = ['accounting-client', 'company-settings', 'acc-periods', 'document-category', 'config', 'version', 'users'];
const METHODS = ['find', 'get', 'create', 'update', 'patch', 'remove'];
/**
 * Services whose find reads its query. `config` and `version` ignore the query of find entirely
 * (any object, even a binary attachment, is answered with data): reported as a finding, so the
 * query-shape kinds below target only the query-reading services.
 */
const QUERY_SERVICES = ['accounting-client', 'company-settings', 'acc-periods', 'document-category', 'users'];

function nested(depth: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = rnd() < 0.5 ? { a: value } : [value];
  return value;
}

function randomValue(depth = 0): unknown {
  const r = int(depth > 3 ? 6 : 9);
  switch (r) {
    case 0:
      return null;
    case 1:
      return rnd() < 0.5;
    case 2:
      return (rnd() - 0.5) * 10 ** int(20);
    case 3:
      return randomString(40);
    case 4:
      return '';
    case 5:
      return int(3) === 0 ? -1 : 1e308;
    case 6:
      return Array.from({ length: int(5) }, () => randomValue(depth + 1));
    case 7:
      return Object.fromEntries(Array.from({ length: int(5) }, () => [randomString(10), randomValue(depth + 1)]));
    default:
      return Buffer.from(randomString(30));
  }
}

const pollutions = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"company_name":"x","__proto__":{"permissions_array":["adm"]}}',
  '{"$or":[{"__proto__":{"a":1}}]}',
  '{"prototype":{"x":1}}',
  '{"a":{"b":{"__proto__":{"c":1}}}}',
];

const badQueries: unknown[] = [
  { $where: 'sleep(1000)' },
  { $limit: -1 },
  { $limit: 1e9 },
  { $limit: 'abc' },
  { $skip: -5 },
  { $sort: 'company_name' },
  { $sort: { nope: 1 } },
  { company_no: { $regex: '.*' } },
  { $or: 'x' },
  { company_no: { $in: 'x' } },
  { $select: ['passwordHash'] },
  { unknown_field: 1 },
  { company_no: { $gt: { $gt: 1 } } },
  { $and: {} },
  { passwordHash: { $ne: null } },
  { company_no: { $nin: 5 } },
  { $limit: 501 },
  { $select: 'company_name' },
  { $or: [{ $where: '1' }] },
  { company_name: { $like: '%' } },
];

/** One malformed message of a random kind; every kind is built to be invalid, so success is a finding. */
function makeMessage(): Message {
  const signedIn = rnd() < 0.8;
  const kinds: (() => Omit<Message, 'signedIn'>)[] = [
    () => ({ kind: 'unknown-service', event: pick(METHODS), args: [`svc-${randomString(20)}`, randomValue()], ack: 'fn' }),
    () => ({
      kind: 'unknown-method',
      event: pick(['frobnicate', 'FIND', 'find ', 'constructor', '__proto__', 'toString', 'hasOwnProperty', randomString(30), 'x'.repeat(60)]),
      args: [pick(SERVICES), {}],
      ack: 'fn',
    }),
    () => ({ kind: 'numeric-event', event: int(1000), args: [pick(SERVICES), {}], ack: 'fn' }),
    () => ({
      kind: 'bad-path-type',
      event: pick(METHODS),
      args: [pick([42, null, true, { path: 'accounting-client' }, ['accounting-client'], 'a'.repeat(101 + int(2000))]), {}],
      ack: 'fn',
    }),
    () => ({
      kind: 'unsupported-method',
      event: pick(['remove', 'update', 'create']),
      args: [pick(['document-category', 'config', 'version']), 1, {}, {}],
      ack: 'fn',
    }),
    () => ({
      kind: 'bad-id',
      event: pick(['get', 'patch', 'update', 'remove']),
      args: [
        pick(['accounting-client', 'company-settings', 'acc-periods']),
        pick([{ id: 1 }, [1001], true, '', 'x'.repeat(201 + int(500)), Buffer.from('1001')]),
        { company_name: 'x' },
        {},
      ],
      ack: 'fn',
    }),
    () => ({ kind: 'missing-arguments', event: pick(['get', 'patch', 'update']), args: [pick(['accounting-client', 'company-settings'])], ack: 'fn' }),
    () => ({
      kind: 'bad-data',
      event: pick(['create', 'patch', 'update']),
      args: pick([
        ['accounting-client', 1001, pick(['str', 5, [1, 2], null, true])],
        ['accounting-client', pick(['str', 5, [1], null])],
      ]),
      ack: 'fn',
    }),
    () => ({
      kind: 'invalid-fields',
      event: 'patch',
      args: [
        'accounting-client',
        1001,
        pick([{ company_name: '' }, { company_name: 5 }, { revision: 99 }, { company_no: 1 }, { id: 9 }, { company_name: 'x'.repeat(300) }, {}]),
        {},
      ],
      ack: 'fn',
    }),
    () => ({ kind: 'bad-query-type', event: 'find', args: [pick(SERVICES), pick(['q', 7, [1, 2], true])], ack: 'fn' }),
    () => ({ kind: 'bad-query', event: 'find', args: [pick(['accounting-client', 'company-settings', 'acc-periods', 'users']), pick(badQueries)], ack: 'fn' }),
    () => ({
      kind: 'bad-command-keys',
      event: 'patch',
      args: [
        'accounting-client',
        1001,
        { company_place: 'x' },
        pick([{ commandId: '' }, { commandId: 5 }, { commandId: 'c'.repeat(101) }, { revision: 'abc' }, { revision: -2 }, { revision: 1.5 }]),
      ],
      ack: 'fn',
    }),
    () => ({ kind: 'deep-nesting', event: pick(METHODS), args: [pick(SERVICES), 1001, nested(13 + int(3000)), nested(13 + int(200))], ack: 'fn' }),
    () => ({
      kind: 'prototype-keys',
      event: pick(['find', 'create', 'patch', 'update']),
      args: [pick(SERVICES), 1001, JSON.parse(pick(pollutions)), JSON.parse(pick(pollutions))].filter((_, i) => i !== 1 || rnd() < 0.5),
      ack: 'fn',
    }),
    () => ({
      kind: 'bad-authentication',
      event: pick(['create', 'patch', 'get', 'update']),
      args: [
        'authentication',
        pick([
          { strategy: 'local', username: 'admin', password: 'admin' },
          { strategy: 'jwt', accessToken: 123 },
          { strategy: 'jwt', accessToken: 'a.b.c' },
          { strategy: 'jwt', accessToken: 'x'.repeat(20_000) },
          'jwt',
          null,
          { strategy: 'jwt' },
          { strategy: '__proto__' },
        ]),
        {},
      ],
      ack: 'fn',
    }),
    () => ({ kind: 'fuzz', event: pick(METHODS), args: [`fz-${randomString(10)}`, ...Array.from({ length: int(5) }, () => randomValue())], ack: 'fn' }),
    () => ({
      kind: 'non-function-ack',
      event: pick(METHODS),
      args: [pick(SERVICES), 1001, { company_name: 'Not Applied GmbH' }],
      ack: pick(['string', 'number', 'object'] as const),
    }),
    () => ({ kind: 'no-ack', event: pick(METHODS), args: [pick(SERVICES), randomValue()], ack: 'none' }),
    () => ({
      kind: 'binary',
      event: pick(METHODS),
      args: [pick(QUERY_SERVICES), Buffer.alloc(1 + int(4096), int(256)), { blob: Buffer.from(randomString(100)) }],
      ack: 'fn',
    }),
    () => ({ kind: 'binary-query', event: 'find', args: [pick(QUERY_SERVICES), Buffer.from(randomString(50))], ack: 'fn' }),
  ];
  return { ...pick(kinds)(), signedIn };
}

class Connection {
  socket: Socket | null = null;
  disconnects = 0;
  constructor(
    private readonly portal: PortalProc,
    private readonly token: string | null,
  ) {}
  async ready(): Promise<Socket> {
    if (this.socket?.connected) return this.socket;
    this.socket?.close();
    const socket = rawSocket(this.portal.url);
    socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') this.disconnects++;
    });
    await connected(socket);
    if (this.token) await authenticateRaw(socket, this.token);
    this.socket = socket;
    return socket;
  }
  close() {
    this.socket?.close();
  }
}

type Verdict = 'error' | 'dropped' | 'disconnected' | 'success' | 'no-reply';

function send(socket: Socket, message: Message, timeoutMs = 15_000): Promise<{ verdict: Verdict; error?: WireError; result?: unknown }> {
  const { event, args, ack } = message;
  const emit = (socket.emit as (...a: unknown[]) => void).bind(socket);
  if (ack !== 'fn') {
    const last = ack === 'string' ? 'ack' : ack === 'number' ? 42 : ack === 'object' ? { ack: true } : undefined;
    emit(event, ...args, ...(last === undefined ? [] : [last]));
    return Promise.resolve({ verdict: 'dropped' });
  }
  return new Promise((resolve) => {
    const onDisconnect = () => {
      clearTimeout(timer);
      resolve({ verdict: 'disconnected' });
    };
    const timer = setTimeout(() => {
      socket.off('disconnect', onDisconnect);
      resolve({ verdict: 'no-reply' });
    }, timeoutMs);
    socket.once('disconnect', onDisconnect);
    emit(event, ...args, (error: WireError | null, result: unknown) => {
      clearTimeout(timer);
      socket.off('disconnect', onDisconnect);
      resolve(error ? { verdict: 'error', error } : { verdict: 'success', result });
    });
  });
}

let portal: PortalProc;

beforeAll(async () => {
  // No demo documents: their background text extraction would blur the memory figures.
  portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0' } });
});

afterAll(async () => {
  await portal?.stop();
});

describe('protocol abuse', () => {
  it('answers 10,000 malformed or random socket messages with an error or drops them, stays up, keeps serving and keeps its memory bounded', async () => {
    const adminToken = await portal.token('admin');
    const signedIn = new Connection(portal, adminToken);
    const anonymous = new Connection(portal, null);
    // warm up, then take the baseline
    for (let i = 0; i < 50; i++) await call(await signedIn.ready(), 'find', ['accounting-client', {}]);
    await sleep(500);
    const rssBefore = portal.rss()!;
    const counts: Record<Verdict, number> = { error: 0, dropped: 0, disconnected: 0, success: 0, 'no-reply': 0 };
    const errorNames: Record<string, number> = {};
    const findings: string[] = [];
    const total = 10_000;
    const huge = 60;
    const messages: Message[] = Array.from({ length: total - huge }, makeMessage);
    let next = 0;
    const worker = async () => {
      while (next < messages.length) {
        const message = messages[next++]!;
        const connection = message.signedIn ? signedIn : anonymous;
        const outcome = await send(await connection.ready(), message);
        counts[outcome.verdict]++;
        if (outcome.error) errorNames[`${outcome.error.name} ${outcome.error.code}`] = (errorNames[`${outcome.error.name} ${outcome.error.code}`] ?? 0) + 1;
        if (
          outcome.verdict === 'success' ||
          outcome.verdict === 'no-reply' ||
          (outcome.error && (typeof outcome.error.code !== 'number' || outcome.error.code >= 500))
        ) {
          if (findings.length < 20)
            findings.push(
              `${outcome.verdict} ${message.kind} ${String(message.event)} ${JSON.stringify(message.args).slice(0, 160)} -> ${JSON.stringify(outcome.error ?? outcome.result)?.slice(0, 160)}`,
            );
        }
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    const rssAfterSmall = portal.rss();
    // Huge payloads one by one: just below the 1 MB limit (answered) and above it (connection dropped by the server).
    const hugeCounts = { belowLimitAnswered: 0, aboveLimitDropped: 0 };
    for (let i = 0; i < huge; i++) {
      const above = i % 2 === 1;
      const size = above ? 1_000_500 + i * 1000 : 990_000 - i * 1000;
      const shape = i % 6;
      const big = shape === 4 || shape === 5 ? Buffer.alloc(above ? size : 200_000, 7) : 'x'.repeat(size);
      const message: Message = {
        kind: above ? 'huge-above-limit' : 'huge-below-limit',
        event: shape === 0 ? 'find' : 'patch',
        args:
          shape === 0
            ? ['accounting-client', { no_such_field: big }]
            : shape === 2
              ? [big, 1001, {}, {}]
              : ['accounting-client', 1001, { company_name: big }, {}],
        ack: 'fn',
        signedIn: true,
      };
      const outcome = await send(await signedIn.ready(), message, 30_000);
      counts[outcome.verdict]++;
      if (outcome.error) errorNames[`${outcome.error.name} ${outcome.error.code}`] = (errorNames[`${outcome.error.name} ${outcome.error.code}`] ?? 0) + 1;
      if (!above && outcome.verdict === 'error') hugeCounts.belowLimitAnswered++;
      if (above && outcome.verdict === 'disconnected') hugeCounts.aboveLimitDropped++;
      if (outcome.verdict === 'success' || outcome.verdict === 'no-reply') findings.push(`${outcome.verdict} ${message.kind} size ${size}`);
    }
    signedIn.close();
    anonymous.close();
    await sleep(2000);
    const rssAfter = portal.rss();
    const health = await fetch(`${portal.url}/health`);
    const check = new Connection(portal, adminToken);
    const [normalError, page] = await call(await check.ready(), 'find', ['accounting-client', { $limit: 3 }]);
    check.close();
    const tried = total;
    const passed = counts.error + counts.dropped + counts.disconnected;
    reportCounts('protocol-abuse', {
      tried,
      passed,
      ...counts,
      ...hugeCounts,
      errorNames,
      rssBeforeMiB: Math.round(rssBefore / 1048576),
      rssAfterSmallMessagesMiB: rssAfterSmall === null ? null : Math.round(rssAfterSmall / 1048576),
      rssAfterMiB: rssAfter === null ? null : Math.round(rssAfter / 1048576),
      serverDisconnects: signedIn.disconnects + anonymous.disconnects,
    });
    if (findings.length) process.stdout.write(`[fault] protocol-abuse findings:\n  ${findings.join('\n  ')}\n`);
    expect(findings).toEqual([]);
    expect(counts.success).toBe(0);
    expect(counts['no-reply']).toBe(0);
    expect(passed).toBe(tried);
    expect(hugeCounts.belowLimitAnswered).toBe(huge / 2);
    expect(portal.child.exitCode).toBeNull();
    expect(health.status).toBe(200);
    expect(normalError).toBeNull();
    expect((page as { data: unknown[] }).data.length).toBe(3);
    expect(rssAfter).not.toBeNull();
    expect(rssAfter! - rssBefore).toBeLessThan(256 * 1048576);
    // nothing of the abuse was applied
    const [, company] = await (async () => {
      const c = new Connection(portal, adminToken);
      const r = await call(await c.ready(), 'get', ['accounting-client', 1001, {}]);
      c.close();
      return r;
    })();
    expect((company as { company_name: string }).company_name).toBe('Alpenblick Gastronomie GmbH');
  });
});
