import type { AuditEntry, AuditUser, ChainStatus, DocumentAsOf, DocumentDiff, DocumentHistory, DocumentRecord } from '@portal/contracts';
import { verifyChain, type RecordedEvent } from '@portal/event-store';
import type { StoredDocument } from '@portal/read-models';
import { replayDocument } from './document-replay';
import { auditKindOf } from './event-kind';
import { diffRecords } from './field-diff';

export type UserLookup = (userId: string) => Promise<AuditUser>;

export function chainStatus(events: readonly RecordedEvent[]): ChainStatus {
  const verdict = verifyChain(events);
  return verdict.ok ? { intact: true } : { intact: false, revision: verdict.revision, reason: verdict.reason };
}

const withoutText = (record: StoredDocument | null): Omit<DocumentRecord, 'text'> | null => {
  if (!record) return null;
  const { text: _text, ...rest } = record;
  return rest;
};

/** Every event of the stream with who, when, why and the fields it changed; `kinds` narrows the entries, never the chain check. */
export async function documentTimeline(
  documentId: number,
  events: readonly RecordedEvent[],
  users: UserLookup,
  kinds?: readonly string[],
): Promise<DocumentHistory> {
  const snapshots = await replayDocument(documentId, events);
  const entries: AuditEntry[] = [];
  let before: StoredDocument | null = null;
  for (const { event, record } of snapshots) {
    const kind = auditKindOf(event.type);
    if (!kinds || kinds.includes(kind)) {
      const m = event.metadata;
      entries.push({
        revision: event.revision,
        position: event.position,
        time: m.time,
        user: await users(m.userId),
        clientNo: m.clientNo,
        kind,
        type: event.type,
        commandId: m.commandId,
        correlationId: m.correlationId,
        originCode: m.originCode ?? null,
        changes: diffRecords(before, record),
      });
    }
    before = record;
  }
  return { documentId, revision: events.length - 1, chain: chainStatus(events), entries };
}

/** The record as it stood right after event `revision`, and the chain up to it. */
export async function documentAsOf(documentId: number, events: readonly RecordedEvent[], revision: number): Promise<DocumentAsOf> {
  const prefix = events.slice(0, revision + 1);
  const snapshots = await replayDocument(documentId, prefix);
  const last = snapshots[snapshots.length - 1]!;
  return { documentId, revision, time: last.event.metadata.time, document: withoutText(last.record), chain: chainStatus(prefix) };
}

/** What changed between the state after `from` and the state after `to` (either order). */
export async function documentDiff(documentId: number, events: readonly RecordedEvent[], from: number, to: number): Promise<DocumentDiff> {
  const snapshots = await replayDocument(documentId, events.slice(0, Math.max(from, to) + 1));
  return { documentId, from, to, changes: diffRecords(snapshots[from]!.record, snapshots[to]!.record) };
}
