import { decisionDay, type Decider, type DecisionContext } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { OpenItemEvent, PaymentSource } from './open-item.events';
import { daysOverdue, discountFor, isSettled, outstandingOf, round2, type OpenItemTerms } from './open-item.rules';
import { evolveOpenItem, initialOpenItemState, settledBy, type OpenItemState } from './open-item.state';

/**
 * Commands of an open item. Each carries the item's `terms` as the read model shows them (the booked
 * invoice's gross, due date and Skonto), so the decision needs no other stream.
 */
export type RecordPayment = {
  type: 'RecordPayment';
  terms: OpenItemTerms;
  paymentId: string;
  amount: number;
  date: string;
  note: string;
  source: PaymentSource;
};
export type CancelPayment = { type: 'CancelPayment'; paymentId: string; reason: string };
export type RecordDunning = { type: 'RecordDunning'; terms: OpenItemTerms; dunningDays: readonly number[] };
export type SetPaymentBlock = { type: 'SetPaymentBlock'; blocked: boolean; reason: string };
export type OpenItemCommand = RecordPayment | CancelPayment | RecordDunning | SetPaymentBlock;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NOTE_LIMIT = 500;

function recordPayment(command: RecordPayment, state: OpenItemState, today: string): OpenItemEvent[] {
  const { terms } = command;
  if (state.payments.some((p) => p.paymentId === command.paymentId)) throw conflict(`Payment ${command.paymentId} is already recorded.`);
  if (!Number.isFinite(command.amount) || command.amount <= 0) throw invalid('A payment amount must be greater than zero.');
  if (round2(command.amount) !== command.amount) throw invalid('A payment amount has at most two decimals.');
  if (!DATE.test(command.date) || Number.isNaN(Date.parse(command.date))) throw invalid('A payment date is YYYY-MM-DD.');
  if (command.date > today) throw invalid('A payment date cannot be in the future.');
  if (command.note.length > NOTE_LIMIT) throw invalid(`A payment note has at most ${NOTE_LIMIT} characters.`);
  if (command.source.kind === 'bank' && !command.source.reference) throw invalid('A bank payment names its bank transaction.');
  const reference = command.source.reference;
  if (reference && state.payments.some((p) => !p.cancelled && p.source.reference === reference))
    throw conflict(`Bank transaction ${reference} is already recorded against this item.`);
  const outstanding = outstandingOf(terms.gross, settledBy(state.payments));
  if (isSettled(outstanding) || (terms.gross >= 0 ? outstanding < 0 : outstanding > 0)) throw conflict('The item is already paid.');
  const discountTaken = state.payments.filter((p) => !p.cancelled).reduce((s, p) => s + p.discount, 0);
  const discount = discountFor(terms, Math.abs(outstanding), command.amount, command.date, discountTaken);
  return [
    {
      type: 'PaymentRecorded',
      data: {
        paymentId: command.paymentId,
        documentId: terms.documentId,
        clientNo: terms.clientNo,
        amount: command.amount,
        discount,
        date: command.date,
        note: command.note.trim(),
        source: command.source,
      },
    },
  ];
}

function cancelPayment(command: CancelPayment, state: OpenItemState): OpenItemEvent[] {
  const payment = state.payments.find((p) => p.paymentId === command.paymentId);
  if (!payment) throw notFound(`Payment ${command.paymentId} does not exist.`);
  if (payment.cancelled) return [];
  if (command.reason.trim() === '') throw invalid('Cancelling a payment needs a reason.');
  return [{ type: 'PaymentCancelled', data: { paymentId: command.paymentId, reason: command.reason.trim() } }];
}

function recordDunning(command: RecordDunning, state: OpenItemState, today: string): OpenItemEvent[] {
  const { terms } = command;
  if (terms.kind !== 'receivable') throw invalid('Only receivables are dunned.');
  if (state.blocked) throw conflict('The item has a dunning block.');
  const outstanding = outstandingOf(terms.gross, settledBy(state.payments));
  if (outstanding <= 0.005) throw conflict('Nothing is outstanding on this item.');
  const level = state.dunningLevel + 1;
  const last = Math.min(3, command.dunningDays.length);
  if (level > last) throw conflict(`The item has reached the last dunning level (${last}).`);
  const needed = command.dunningDays[level - 1] ?? 0;
  const overdue = daysOverdue(terms.dueDate, today);
  if (!terms.dueDate || overdue < needed) throw invalid(`Dunning level ${level} needs the item ${needed} days overdue; it is ${overdue}.`);
  if (state.lastDunningDate === today) throw conflict('A reminder was already recorded today.');
  return [{ type: 'DunningRecorded', data: { level, date: today } }];
}

function setBlock(command: SetPaymentBlock, state: OpenItemState): OpenItemEvent[] {
  if (state.blocked === command.blocked) return [];
  if (command.blocked && command.reason.trim() === '') throw invalid('A block needs a reason.');
  return [{ type: 'PaymentBlockChanged', data: { blocked: command.blocked, reason: command.reason.trim() } }];
}

export function decideOpenItem(command: OpenItemCommand, state: OpenItemState, context: DecisionContext): OpenItemEvent[] {
  const today = decisionDay(context);
  switch (command.type) {
    case 'RecordPayment':
      return recordPayment(command, state, today);
    case 'CancelPayment':
      return cancelPayment(command, state);
    case 'RecordDunning':
      return recordDunning(command, state, today);
    case 'SetPaymentBlock':
      return setBlock(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** Payments, reminders and blocks of one open item; the item itself comes from the booked invoice. */
export const openItemDecider: Decider<OpenItemState, OpenItemCommand, OpenItemEvent> = {
  initialState: initialOpenItemState,
  evolve: evolveOpenItem,
  decide: decideOpenItem,
};
