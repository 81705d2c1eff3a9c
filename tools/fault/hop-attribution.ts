import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HopStamp } from '@portal/event-store';
import { percentile, sortNumbers } from '../bench/stats';

/** One write through api A whose push reached a client of api B, on the host clock (ms). */
export interface TracedWrite {
  /** Its event's position in the log. */
  position: number;
  sentAt: number;
  receivedAt: number;
}

export interface HopFigure {
  hop: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Mean ms of this hop among the slowest 1 % of the writes (by write → push), which is what the p99 is made of. */
  inSlowest: number;
}

export interface HopAttribution {
  /** The hops of a write, in order; they add up to its write → push time. */
  hops: HopFigure[];
  /** Beside the path: how long a wake-up took to be seen, pauses, reads that found nothing. */
  aside: HopFigure[];
  /** Writes whose every hop was found in the stamps (the others are left out). */
  traced: number;
  /** Per process: stamps of reads that found nothing (woken for nothing, or by the poll). */
  emptyReads: Record<string, number>;
}

type Stamps = Map<string, HopStamp[]>;

/** Reads the stamps the preloaded recorder wrote, per process (file name without `.jsonl`). */
export function readStamps(dir: string): Stamps {
  const stamps: Stamps = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    const list = readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as HopStamp);
    stamps.set(file.slice(0, -'.jsonl'.length), list);
  }
  return stamps;
}

const covering = (list: readonly HopStamp[], hop: string, position: number) =>
  list.find((s) => s.hop === hop && s.from !== undefined && s.to !== undefined && s.from <= position && position <= s.to);
const firstAfter = (list: readonly HopStamp[], hop: string, at: number) => list.find((s) => s.hop === hop && s.at >= at);

const figure = (hop: string, values: number[], slow: number[]): HopFigure => {
  const sorted = sortNumbers(values);
  return {
    hop,
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    inSlowest: slow.length ? slow.reduce((a, b) => a + b, 0) / slow.length : NaN,
  };
};

/**
 * Splits each write's way from api A to a client of api B into hops from the stamps of api A (`A-*`), the
 * projector that projected it (`projector-*`) and api B (`B-*`): A decides and queues it, A's group commit (lock
 * wait and fsync), until the projector starts the read that finds it (the wake-up, a batch before it), the
 * read, until the projector's batch starts, the batch's transaction, until B starts the feed read that finds
 * the batch, that read (records loaded in slices), until B pushed it, the socket to the client.
 */
export function attributeHops(stamps: Stamps, writes: readonly TracedWrite[]): HopAttribution {
  const of = (prefix: string) => [...stamps].filter(([name]) => name.startsWith(prefix)).flatMap(([, list]) => list);
  const a = of('A-').sort((x, y) => x.at - y.at);
  const b = of('B-').sort((x, y) => x.at - y.at);
  const projectors = [...stamps].filter(([name]) => name.startsWith('projector-')).map(([, list]) => list.sort((x, y) => x.at - y.at));
  const names = [
    'A: received, decided, queued',
    'A: append (lock wait, fsync)',
    'appended → projector read began',
    'projector: events read',
    'projector: until its batch began',
    'projector: batch transaction (feed written)',
    'projected → B feed read began',
    'B: feed read (records loaded)',
    'B: until pushed (emit)',
    'pushed → client received',
  ];
  const rows: Array<{ total: number; hops: number[]; wakeEvents: number | null; wakeFeed: number | null; held: number[] }> = [];
  for (const w of writes) {
    const append = covering(a, 'append', w.position);
    const projector = projectors.find((list) => covering(list, 'projected', w.position));
    const projected = projector && covering(projector, 'projected', w.position);
    const read = projector && covering(projector, 'events-read', w.position);
    if (!append || append.began === undefined || !projector || !projected || projected.began === undefined || !read || read.began === undefined) continue;
    const feedPosition = projected.to!;
    const feedRead = covering(b, 'feed-read', feedPosition);
    const pushed = b.find((s) => s.hop === 'pushed' && s.to === feedPosition);
    if (!feedRead || feedRead.began === undefined || !pushed) continue;
    const points = [
      w.sentAt,
      append.began,
      append.at,
      read.began,
      read.at,
      projected.began,
      projected.at,
      feedRead.began,
      feedRead.at,
      pushed.at,
      w.receivedAt,
    ];
    const hops = points.slice(1).map((p, i) => p - points[i]!);
    const wakeEvents = firstAfter(projector, 'wake:events.sqlite-wake', append.at);
    const wakeFeed = firstAfter(b, 'wake:read-models.sqlite-wake', projected.at);
    const held = [
      heldBy(a, w.sentAt, append.began, ['append', 'store-write', 'store-begin', 'gc']),
      heldBy(projector, append.at, projected.began, ['store-begin', 'gc']),
      heldBy(b, projected.at, pushed.at, ['append', 'store-write', 'store-begin', 'gc']),
    ];
    rows.push({
      total: w.receivedAt - w.sentAt,
      hops,
      wakeEvents: wakeEvents ? wakeEvents.at - append.at : null,
      wakeFeed: wakeFeed ? wakeFeed.at - projected.at : null,
      held,
    });
  }
  const slowest = [...rows].sort((x, y) => y.total - x.total).slice(0, Math.max(1, Math.ceil(rows.length / 100)));
  const hops = names.map((name, i) =>
    figure(
      name,
      rows.map((r) => r.hops[i]!),
      slowest.map((r) => r.hops[i]!),
    ),
  );
  hops.push(
    figure(
      'total: sent on A → received on B',
      rows.map((r) => r.total),
      slowest.map((r) => r.total),
    ),
  );
  const wakes = (pick: (r: (typeof rows)[number]) => number | null) => rows.map(pick).filter((v): v is number => v !== null);
  const aside = [
    figure(
      'appended → projector saw the wake-up (fs.watch)',
      wakes((r) => r.wakeEvents),
      wakes((r) => (slowest.includes(r) ? r.wakeEvents : null)),
    ),
    figure(
      'projected → B saw the wake-up (fs.watch)',
      wakes((r) => r.wakeFeed),
      wakes((r) => (slowest.includes(r) ? r.wakeFeed : null)),
    ),
  ];
  const heldNames = [
    'A held by its other appends, store writes, GC before the append',
    'projector held by lock waits, GC before the batch',
    'B held by its appends, store writes, GC before the push',
  ];
  heldNames.forEach((name, i) =>
    aside.push(
      figure(
        name,
        rows.map((r) => r.held[i]!),
        slowest.map((r) => r.held[i]!),
      ),
    ),
  );
  const emptyReads: Record<string, number> = {};
  for (const [name, list] of stamps) {
    for (const hop of ['append', 'store-write', 'store-begin']) {
      const spans = list.filter((s) => s.hop === hop && s.began !== undefined).map((s) => s.at - s.began!);
      const heldSpans = list.filter((s) => s.hop === hop && s.locked !== undefined).map((s) => s.at - s.locked!);
      if (heldSpans.length) aside.push(figure(`${hop} after its lock (loop held), ${name.replace(/-\d+$/, '')}`, heldSpans, []));
      if (spans.length) aside.push(figure(`${hop}, ${name.replace(/-\d+$/, '')} (${spans.length})`, spans, []));
    }
    const gcs = list.filter((s) => s.hop === 'gc' && s.began !== undefined).map((s) => s.at - s.began!);
    if (gcs.length) aside.push(figure(`GC pause, ${name.replace(/-\d+$/, '')} (${gcs.length})`, gcs, []));
    emptyReads[name] = list.filter((s) => s.hop.endsWith('-read-empty')).length;
  }
  return { hops, aside, traced: rows.length, emptyReads };
}

/** How long the loop of a process was held by synchronous work of these kinds within [from, to]. */
function heldBy(list: readonly HopStamp[], from: number, to: number, hops: readonly string[]): number {
  let held = 0;
  for (const s of list) {
    // A stamp with `locked` waited for its lock with the loop free and held the loop only from then on.
    const start = s.locked ?? s.began;
    if (start === undefined || !hops.includes(s.hop) || s.at <= from || start >= to) continue;
    held += Math.min(s.at, to) - Math.max(start, from);
  }
  return held;
}

/** A table of the hops for the log and the benchmark notes. */
export function formatHops(attribution: HopAttribution): string {
  const line = (f: HopFigure) =>
    `  ${f.hop.padEnd(52)} p50 ${f.p50.toFixed(1).padStart(7)}  p99 ${f.p99.toFixed(1).padStart(7)}  max ${f.max.toFixed(1).padStart(7)}${Number.isNaN(f.inSlowest) ? '' : `  slowest 1 %: ${f.inSlowest.toFixed(1).padStart(6)}`} ms (${f.count})`;
  return [
    `hops of ${attribution.traced} writes A → B:`,
    ...attribution.hops.map(line),
    'aside:',
    ...attribution.aside.map(line),
    `reads that found nothing: ${Object.entries(attribution.emptyReads)
      .map(([n, c]) => `${n} ${c}`)
      .join(', ')}`,
  ].join('\n');
}
