import type { OpenItemPayment, OpenItemRecord } from '@portal/contracts';
import {
  DOCUMENT_FACT_EVENTS,
  documentIdOfOpenItemStream,
  documentIdOfStream,
  evolveDocumentFact,
  isSettled,
  OPEN_ITEM_EVENT_TYPES,
  outstandingOf,
  round2,
  type DocumentFact,
  type OpenItemEvent,
  domainEventOf,
} from '@portal/domain';
import { collectionSpecs, OPEN_ITEMS, OPEN_ITEM_DUE_TOTALS, put, remove } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';
import { dueTotalChanges } from './open-item-due-totals';

type Stored = OpenItemRecord & { fact: DocumentFact };

const OPEN_CATEGORIES = { ER: 'payable', AR: 'receivable' } as const;

/** Recomputes what follows from the document fact and the payments: listing, amounts, status. */
function settle(item: Stored, at: string): Stored {
  const { fact } = item;
  const category = fact.category === 'ER' || fact.category === 'AR' ? fact.category : null;
  const gross = round2(fact.booking.gross_amount ?? 0);
  const active = item.payments.filter((p) => !p.cancelled);
  const paid = round2(active.reduce((s, p) => s + p.amount, 0));
  const discount = round2(active.reduce((s, p) => s + p.discount, 0));
  const outstanding = outstandingOf(gross, paid + discount);
  const listed = category !== null && fact.booked_at !== null && !fact.deleted && gross !== 0;
  const overpaid = gross >= 0 ? outstanding < -0.005 : outstanding > 0.005;
  const status = isSettled(outstanding) ? 'paid' : overpaid ? 'overpaid' : 'open';
  const wasOpen = item.status === 'open';
  return {
    ...item,
    kind: OPEN_CATEGORIES[category ?? 'ER'],
    category: category ?? 'ER',
    listed,
    open: listed && status === 'open',
    status,
    title: fact.title,
    invoice_number: fact.booking.invoice_number,
    invoice_date: fact.booking.invoice_date,
    party: category === 'AR' ? fact.booking.recipient : fact.booking.biller,
    currency: fact.booking.currency ?? 'EUR',
    gross,
    paid,
    discount,
    outstanding,
    due_date: fact.booking.due_date ?? fact.booking.invoice_date,
    discount_percent: fact.booking.discount_percent,
    discount_due_date: fact.booking.discount_due_date,
    payment_reference: fact.booking.payment_reference,
    iban: fact.booking.iban,
    booked_at: fact.booked_at,
    payroll: fact.payroll === true,
    settled_at: status === 'open' ? null : wasOpen || item.settled_at === null ? at : item.settled_at,
    updated_at: at,
  };
}

function fresh(fact: DocumentFact, at: string): Stored {
  return settle(
    {
      id: fact.id,
      client_no: fact.client_no,
      kind: 'payable',
      category: 'ER',
      listed: false,
      open: false,
      status: 'open',
      title: '',
      invoice_number: null,
      invoice_date: null,
      party: null,
      currency: 'EUR',
      gross: 0,
      paid: 0,
      discount: 0,
      outstanding: 0,
      due_date: null,
      discount_percent: null,
      discount_due_date: null,
      payment_reference: null,
      iban: null,
      dunning_level: 0,
      last_dunning_date: null,
      blocked: false,
      block_reason: null,
      payments: [],
      booked_at: null,
      settled_at: null,
      updated_at: at,
      revision: -1,
      fact,
    },
    at,
  );
}

/**
 * open_items: one record per document (its fact kept beside it); booked ER/AR invoices are `listed`.
 * Payments, reminders and blocks come from the item's own stream (open-item-<documentId>).
 */
export const openItemsProjection: Projection = {
  name: 'open-items',
  // 2: payroll items marked. 3: totals by due date for the ageing.
  version: 3,
  collections: collectionSpecs(OPEN_ITEMS, OPEN_ITEM_DUE_TOTALS),
  handles: [...DOCUMENT_FACT_EVENTS, ...OPEN_ITEM_EVENT_TYPES],
  async project(recorded, view) {
    const at = recorded.metadata.time;
    if (recorded.streamId.startsWith('document-')) {
      const id = documentIdOfStream(recorded.streamId);
      const current = await view.get(OPEN_ITEMS, id);
      const fact = evolveDocumentFact(current?.fact ?? null, recorded);
      if (!fact) return current ? [remove(OPEN_ITEMS, id), ...(await dueTotalChanges(view, current, null))] : [];
      const next = current ? settle({ ...current, fact }, at) : fresh(fact, at);
      return withTotals(view, current, next);
    }
    const id = documentIdOfOpenItemStream(recorded.streamId);
    const current = await view.get(OPEN_ITEMS, id);
    if (!current) return [];
    const event = domainEventOf<OpenItemEvent>(recorded);
    let next: Stored = { ...current, revision: recorded.revision };
    switch (event.type) {
      case 'PaymentRecorded': {
        const d = event.data;
        const payment: OpenItemPayment = {
          id: d.paymentId,
          amount: d.amount,
          discount: d.discount,
          date: d.date,
          note: d.note,
          source: d.source,
          recorded_by: recorded.metadata.userId,
          recorded_at: at,
          cancelled: false,
          cancel_reason: null,
        };
        next = { ...next, payments: [...next.payments, payment] };
        break;
      }
      case 'PaymentCancelled':
        next = {
          ...next,
          payments: next.payments.map((p) => (p.id === event.data.paymentId ? { ...p, cancelled: true, cancel_reason: event.data.reason } : p)),
        };
        break;
      case 'DunningRecorded':
        next = { ...next, dunning_level: event.data.level, last_dunning_date: event.data.date };
        break;
      case 'PaymentBlockChanged':
        next = { ...next, blocked: event.data.blocked, block_reason: event.data.blocked ? event.data.reason : null };
        break;
    }
    return withTotals(view, current, settle(next, at));
  },
};

async function withTotals(view: ProjectionView, current: Stored | null, next: Stored): Promise<ChangeIntent[]> {
  return [put(OPEN_ITEMS, { ...next }), ...(await dueTotalChanges(view, current, next))];
}
