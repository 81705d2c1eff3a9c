import {
  emptyLedger,
  foldLedger,
  inflateFact,
  isLedgerEvent,
  LEDGER_EVENT_TYPES,
  ledgerClientOf,
  storeLedger,
  compactFact,
  type ClientLedger,
  type DocumentFact,
  type ExportFact,
} from '@portal/domain';
import type { Doc } from '@portal/read-store';
import {
  collectionSpecs,
  REPORT_FACTS,
  REPORT_SNAPSHOTS,
  REPORT_HEADS,
  put,
  remove,
  type ReportHead,
  type ReportSnapshot,
  type Touched,
} from '@portal/read-models';
import type { ChangeIntent, Projection } from '../runtime/projection';

/** Events of one client between two snapshots at least; an as-of query folds at most this many or a quarter of the ledger. */
export const SNAPSHOT_EVERY = 1000;

/**
 * A snapshot holds the client's whole ledger, so snapshots at a fixed interval would grow with the square of a
 * client's documents (200,000 generated documents: 426 snapshots, 4.5 GB). The interval grows with the ledger:
 * at least `every` events and at least this share of the facts of the last snapshot, so all of a client's
 * snapshots together stay within about five times its last one, and an as-of folds at most a quarter of the
 * ledger's size in events after its snapshot.
 */
export const SNAPSHOT_GROWTH = 0.25;

/** Whether the client's head has gathered enough events since its last snapshot for the next one. */
export const snapshotDue = (head: Pick<ReportHead, 'events_since' | 'snapshot_facts'>, every: number): boolean =>
  head.events_since >= Math.max(every, Math.ceil((head.snapshot_facts ?? 0) * SNAPSHOT_GROWTH));

const factId = (streamId: string) => (streamId.startsWith('document-') ? `d-${streamId.slice(9)}` : `e-${streamId.slice(7)}`);

/** The ledger of a client from its live fact records (the read model "now"). */
export function ledgerFromFacts(clientNo: number, position: number, facts: Doc[]): ClientLedger {
  const ledger = emptyLedger(clientNo);
  ledger.position = position;
  for (const record of facts) {
    if (record.kind === 'document') {
      const fact = inflateFact(record.fact as Record<string, unknown>);
      ledger.documents.set(fact.id, fact);
    } else {
      const fact = record.fact as ExportFact;
      ledger.exports.set(fact.id, fact);
    }
  }
  return ledger;
}

/**
 * report-ledger: the facts every report folds (one record per document and export job of a client),
 * plus periodic snapshots of a client's whole ledger (every `every` of its events) so that a report
 * "as of" any moment reads one snapshot and folds only the tail after it.
 */
export function reportLedgerProjection(every = SNAPSHOT_EVERY): Projection {
  return {
    name: 'report-ledger',
    // 2: payroll documents marked in the facts. 3: snapshot interval grows with the ledger. 4: export facts keep
    // their documents and the documents their failure reason names. 5: the e-invoice's validity in the facts.
    version: 5,
    collections: collectionSpecs(REPORT_FACTS, REPORT_SNAPSHOTS, REPORT_HEADS),
    handles: LEDGER_EVENT_TYPES,
    async project(recorded, view) {
      if (!isLedgerEvent(recorded)) return [];
      const clientNo = ledgerClientOf(recorded);
      if (clientNo === null) return [];
      const intents: ChangeIntent[] = [];
      let head = await view.get(REPORT_HEADS, clientNo);
      /** The client's first snapshot when this event opens its ledger. */
      let opened: ReportSnapshot | null = null;
      if (!head) {
        head = { id: clientNo, client_no: clientNo, snapshot_position: 0, events_since: 0, touched: [], snapshot_facts: 0 };
        const empty: ReportSnapshot = {
          id: `${clientNo}-0`,
          client_no: clientNo,
          position: 0,
          time: '',
          ledger: storeLedger(emptyLedger(clientNo)),
          next_position: null,
          touched: null,
        };
        opened = empty;
        intents.push(put(REPORT_SNAPSHOTS, empty));
      }

      // The fact after this event, through the one fold.
      const id = factId(recorded.streamId);
      const current = await view.get(REPORT_FACTS, id);
      const single = emptyLedger(clientNo);
      if (current?.kind === 'document') {
        const fact = inflateFact(current.fact as Record<string, unknown>);
        single.documents.set(fact.id, fact);
      } else if (current) single.exports.set(String((current.fact as ExportFact).id), current.fact as ExportFact);
      foldLedger(single, recorded);
      const doc = [...single.documents.values()][0] as DocumentFact | undefined;
      const exp = [...single.exports.values()][0];
      const next: Doc | null = doc
        ? { id, client_no: clientNo, kind: 'document', fact: compactFact(doc) }
        : exp
          ? { id, client_no: clientNo, kind: 'export', fact: exp }
          : null;
      intents.push(next ? put(REPORT_FACTS, next) : remove(REPORT_FACTS, id));

      const touched = head.touched.some(([s]) => s === recorded.streamId) ? head.touched : [...head.touched, [recorded.streamId, recorded.revision] as Touched];
      head = { ...head, events_since: head.events_since + 1, touched };
      if (snapshotDue(head, every)) {
        const facts = (await view.findWhere(REPORT_FACTS, { client_no: clientNo })).filter((f) => f.id !== id);
        if (next) facts.push(next);
        const ledger = ledgerFromFacts(clientNo, recorded.position, facts);
        const snapshot: ReportSnapshot = {
          id: `${clientNo}-${recorded.position}`,
          client_no: clientNo,
          position: recorded.position,
          time: recorded.metadata.time,
          ledger: storeLedger(ledger),
          next_position: null,
          touched: null,
        };
        const beforeId = `${clientNo}-${head.snapshot_position}`;
        const before = opened?.id === beforeId ? opened : await view.get(REPORT_SNAPSHOTS, beforeId);
        if (before) intents.push(put(REPORT_SNAPSHOTS, { ...before, next_position: recorded.position, touched: head.touched }));
        intents.push(put(REPORT_SNAPSHOTS, { ...snapshot }));
        head = { ...head, snapshot_position: recorded.position, events_since: 0, touched: [], snapshot_facts: facts.length };
      }
      intents.push(put(REPORT_HEADS, { ...head }));
      return intents;
    },
  };
}

export const reportLedgerProjectionDefault = reportLedgerProjection();
