import type { Permission, User } from '@portal/contracts';
import { SqliteEventStore, type EventStore } from '@portal/event-store';
import { ALL_PROJECTIONS } from '@portal/projections';
import { SqliteReadStore, type Doc } from '@portal/read-store';
import { fieldsExtracted, renamed, uploaded, type DocumentEventSpec } from '@portal/tools';

export const CLERK = 'u-clerk';
export const REVIEWER = 'u-reviewer';

const at = (minute: number) => new Date(Date.parse('2026-03-12T09:00:00.000Z') + minute * 60_000).toISOString();

/** Twelve events of one incoming invoice, from upload to a restore after trashing. */
export function twelveEvents(documentId: number, clientNo: number): DocumentEventSpec[] {
  const biller = { name: 'Gletscherblick Bergbahnen GmbH' };
  return [
    { event: uploaded(documentId, clientNo, 'Scan 0815'), userId: CLERK, time: at(0) },
    {
      event: {
        type: 'DocumentTextExtracted',
        data: { origin: 7, pages: 1, pageOrigins: [7], textSha256: 'b'.repeat(64), textLength: 480, language: 'de', ms: 900 },
      },
      userId: 'system',
      time: at(1),
      originCode: 7,
    },
    {
      event: fieldsExtracted({ invoice_number: 'RE-2026-0815', gross_amount: 1200, currency: 'EUR', biller, iban: 'AT611904300234573201' }, 7),
      userId: 'system',
      time: at(2),
      originCode: 7,
    },
    { event: renamed('Rechnung Gletscherblick', 'Scan 0815'), userId: CLERK, time: at(3) },
    { event: { type: 'DocumentClassified', data: { category: 'KA', previous: 'ER_U' } }, userId: CLERK, time: at(4) },
    { event: { type: 'DocumentClassified', data: { category: 'ER_U', previous: 'KA' } }, userId: CLERK, time: at(5) },
    {
      event: fieldsExtracted({ invoice_number: 'RE-2026-0815', gross_amount: 1250, currency: 'EUR', biller, iban: 'AT611904300234573201' }, 9),
      userId: REVIEWER,
      time: at(6),
      originCode: 9,
    },
    { event: { type: 'DocumentConfirmed', data: { category: 'ER' } }, userId: REVIEWER, time: at(7), originCode: 12 },
    { event: { type: 'DocumentBooked', data: {} }, userId: REVIEWER, time: at(8), originCode: 13 },
    { event: { type: 'DocumentFlagged', data: { flag: 'BadRendering', reason: 'page 2 is blurred' } }, userId: 'system', time: at(9) },
    { event: { type: 'DocumentMovedToTrash', data: { purgeAfter: '2026-04-11T09:10:00.000Z' } }, userId: CLERK, time: at(10) },
    { event: { type: 'DocumentRestored', data: {} }, userId: CLERK, time: at(11) },
  ];
}

export function user(keycloakId: string, permissions: Permission[], klienten: number[]): User {
  return {
    keycloakId,
    username: keycloakId.replace(/^u-/, ''),
    permissions_array: permissions,
    firstName: 'First',
    lastName: keycloakId,
    email: `${keycloakId}@example.test`,
    locale: 'en',
    klienten_array: klienten,
    all_clients: false,
    favClient: klienten[0] ?? null,
    enabled: true,
  };
}

export async function memoryStores(): Promise<{ events: EventStore; reads: SqliteReadStore }> {
  const reads = new SqliteReadStore(':memory:');
  await reads.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
  return { events: new SqliteEventStore(':memory:'), reads };
}

export async function putRecords<Row extends { id: string | number }>(reads: SqliteReadStore, collection: string, docs: readonly Row[]): Promise<void> {
  await reads.transaction(async (tx) => {
    for (const doc of docs) await tx.put(collection, doc as Doc);
  });
}
