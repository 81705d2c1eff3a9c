import { emptyLedger, foldLedger, loadLedger, type ClientLedger } from '@portal/domain';
import type { EventStore, RecordedEvent } from '@portal/event-store';
import type { ReadStore } from '@portal/read-store';
import { REPORT_FACTS, REPORT_HEADS, REPORT_SNAPSHOTS } from '@portal/read-models';
import { ledgerFromFacts, reportLedgerProjectionDefault } from '../projections/report-ledger.projection';
import { checkpointName } from '../runtime/projector';

/** A past moment: a global log position, or a date-time (the last event at or before it). */
export type AsOf = { position: number } | { time: string };

/** The client's ledger now, from the live read model. */
export async function liveLedger(reads: ReadStore, clientNo: number): Promise<ClientLedger> {
  const facts = await reads.find(REPORT_FACTS, { where: { client_no: clientNo }, sort: [], skip: 0, limit: 10_000_000 });
  const checkpoint = await reads.getCheckpoint(checkpointName(reportLedgerProjectionDefault));
  return ledgerFromFacts(clientNo, checkpoint ?? 0, facts.data);
}

/**
 * The client's ledger as of a past moment: the newest snapshot at or before it, plus a fold of the
 * client's events after the snapshot (read from the streams the snapshot says were touched) up to it.
 */
export async function ledgerAsOf(events: EventStore, reads: ReadStore, clientNo: number, asOf: AsOf): Promise<ClientLedger> {
  const bound = 'position' in asOf ? { position: { $lte: asOf.position } } : { time: { $lte: asOf.time } };
  const found = await reads.find(REPORT_SNAPSHOTS, { where: { client_no: clientNo, ...bound }, sort: [['position', -1]], skip: 0, limit: 1 });
  const snapshot = found.data[0];
  if (!snapshot) return emptyLedger(clientNo);
  const ledger = loadLedger(clientNo, snapshot.ledger);
  let touched = snapshot.touched;
  if (touched === null) {
    const head = await reads.get(REPORT_HEADS, clientNo);
    touched = head?.touched ?? [];
  }
  const upTo = (e: RecordedEvent) =>
    e.position > snapshot.position &&
    (snapshot.next_position === null || e.position <= snapshot.next_position) &&
    ('position' in asOf ? e.position <= asOf.position : e.metadata.time <= asOf.time) &&
    (e.metadata.clientNo === clientNo || e.metadata.clientNo === null);
  const tail: RecordedEvent[] = [];
  for (const [streamId, fromRevision] of touched) for (const e of await events.readStream(streamId, fromRevision)) if (upTo(e)) tail.push(e);
  tail.sort((a, b) => a.position - b.position);
  for (const e of tail) foldLedger(ledger, e);
  return ledger;
}
