import { specFor } from '../../test/given-when-then';
import { openItemDecider, type RecordPayment } from './open-item.decide';
import type { OpenItemEvent } from './open-item.events';
import type { OpenItemTerms } from './open-item.rules';

// The clock of specFor: 2026-01-15.
const given = specFor(openItemDecider);
const terms: OpenItemTerms = {
  documentId: 7,
  clientNo: 1001,
  kind: 'receivable',
  gross: 1200,
  dueDate: '2026-01-10',
  discountPercent: 2,
  discountDueDate: '2026-01-12',
};
const pay = (over: Partial<RecordPayment> = {}): RecordPayment => ({
  type: 'RecordPayment',
  terms,
  paymentId: 'p-1',
  amount: 500,
  date: '2026-01-14',
  note: '',
  source: { kind: 'manual', reference: null },
  ...over,
});
const paid = (paymentId: string, amount: number, discount = 0, reference: string | null = null, date = '2026-01-14'): OpenItemEvent => ({
  type: 'PaymentRecorded',
  data: { paymentId, documentId: 7, clientNo: 1001, amount, discount, date, note: '', source: { kind: reference ? 'bank' : 'manual', reference } },
});

describe('open item: RecordPayment', () => {
  it('records a partial payment with its date, amount and note', () => {
    given([])
      .when(pay({ note: ' first rate ' }))
      .then([{ ...paid('p-1', 500), data: { ...paid('p-1', 500).data, note: 'first rate' } } as OpenItemEvent]);
  });

  it('records a second partial payment after the first', () => {
    given([paid('p-1', 500)])
      .when(pay({ paymentId: 'p-2', amount: 700 }))
      .then([paid('p-2', 700)]);
  });

  it('accepts an overpayment once, leaving a credit balance', () => {
    given([paid('p-1', 500)])
      .when(pay({ paymentId: 'p-2', amount: 800 }))
      .then([paid('p-2', 800)]);
  });

  it('refuses a payment on an item already paid in full', () => {
    given([paid('p-1', 1200)])
      .when(pay({ paymentId: 'p-2' }))
      .thenThrows('The item is already paid.');
  });

  it('refuses a payment on an overpaid item', () => {
    given([paid('p-1', 1300)])
      .when(pay({ paymentId: 'p-2' }))
      .thenThrows('The item is already paid.');
  });

  it('refuses a negative or zero amount', () => {
    given([])
      .when(pay({ amount: -5 }))
      .thenThrows('greater than zero');
    given([])
      .when(pay({ amount: 0 }))
      .thenThrows('greater than zero');
  });

  it('refuses more than two decimals, a malformed date and a date in the future', () => {
    given([])
      .when(pay({ amount: 1.005 }))
      .thenThrows('two decimals');
    given([])
      .when(pay({ date: '14.01.2026' }))
      .thenThrows('YYYY-MM-DD');
    given([])
      .when(pay({ date: '2026-01-16' }))
      .thenThrows('future');
  });

  it("takes today from the firm's calendar when the caller gives it: a payment dated today in Vienna is tomorrow in UTC", () => {
    // 23:30 UTC on 2026-01-15 is 00:30 on 2026-01-16 in Vienna.
    const lateEvening = specFor(openItemDecider, { now: '2026-01-15T23:30:00.000Z', userId: 'user-1', today: '2026-01-16' });
    lateEvening([])
      .when(pay({ date: '2026-01-16' }))
      .then([paid('p-1', 500, 0, null, '2026-01-16')]);
    lateEvening([])
      .when(pay({ date: '2026-01-17' }))
      .thenThrows('future');
  });

  it('refuses the same payment id twice', () => {
    given([paid('p-1', 100)])
      .when(pay())
      .thenThrows('already recorded');
  });

  it('refuses a bank transaction already recorded against the item, and a bank payment without one', () => {
    given([paid('p-1', 100, 0, 'tx-9')])
      .when(pay({ paymentId: 'p-2', source: { kind: 'bank', reference: 'tx-9' } }))
      .thenThrows('tx-9 is already recorded');
    given([])
      .when(pay({ source: { kind: 'bank', reference: null } }))
      .thenThrows('names its bank transaction');
  });

  it('accepts the bank transaction again after its payment was cancelled', () => {
    const cancelled: OpenItemEvent = { type: 'PaymentCancelled', data: { paymentId: 'p-1', reason: 'wrong match' } };
    given([paid('p-1', 100, 0, 'tx-9'), cancelled])
      .when(pay({ paymentId: 'p-2', amount: 100, source: { kind: 'bank', reference: 'tx-9' } }))
      .then([paid('p-2', 100, 0, 'tx-9')]);
  });

  it('grants the Skonto when the payment before the discount deadline covers the amount less the discount', () => {
    given([])
      .when(pay({ amount: 1176, date: '2026-01-12' }))
      .then([paid('p-1', 1176, 24, null, '2026-01-12')]);
  });

  it('grants no Skonto after the discount deadline', () => {
    given([])
      .when(pay({ amount: 1176, date: '2026-01-13' }))
      .then([paid('p-1', 1176, 0, null, '2026-01-13')]);
  });

  it('grants no Skonto when the payment falls short of the discounted amount', () => {
    given([])
      .when(pay({ amount: 1100, date: '2026-01-11' }))
      .then([paid('p-1', 1100, 0, null, '2026-01-11')]);
  });

  it('settles a credit note towards zero, without Skonto', () => {
    const credit = { ...terms, gross: -300 };
    given([])
      .when(pay({ terms: credit, amount: 300, date: '2026-01-11' }))
      .then([paid('p-1', 300, 0, null, '2026-01-11')]);
    given([paid('p-1', 300)])
      .when(pay({ terms: credit, paymentId: 'p-2', amount: 1 }))
      .thenThrows('already paid');
  });
});

describe('open item: CancelPayment', () => {
  it('cancels a payment with a reason, once', () => {
    given([paid('p-1', 500)])
      .when({ type: 'CancelPayment', paymentId: 'p-1', reason: ' typo ' })
      .then([{ type: 'PaymentCancelled', data: { paymentId: 'p-1', reason: 'typo' } }]);
    given([paid('p-1', 500), { type: 'PaymentCancelled', data: { paymentId: 'p-1', reason: 'typo' } }])
      .when({ type: 'CancelPayment', paymentId: 'p-1', reason: 'again' })
      .then([]);
  });

  it('refuses an unknown payment and a missing reason', () => {
    given([]).when({ type: 'CancelPayment', paymentId: 'nope', reason: 'x' }).thenThrows('does not exist');
    given([paid('p-1', 500)])
      .when({ type: 'CancelPayment', paymentId: 'p-1', reason: ' ' })
      .thenThrows('needs a reason');
  });
});

describe('open item: RecordDunning', () => {
  const dun = (over: Partial<OpenItemTerms> = {}) => ({
    type: 'RecordDunning' as const,
    terms: { ...terms, dueDate: '2025-12-01', ...over },
    dunningDays: [14, 28, 42],
  });

  it('raises the dunning level by one when the item is overdue long enough', () => {
    given([])
      .when(dun())
      .then([{ type: 'DunningRecorded', data: { level: 1, date: '2026-01-15' } }]);
    given([{ type: 'DunningRecorded', data: { level: 1, date: '2026-01-01' } }])
      .when(dun())
      .then([{ type: 'DunningRecorded', data: { level: 2, date: '2026-01-15' } }]);
  });

  it('refuses a level the overdue days do not reach yet', () => {
    given([{ type: 'DunningRecorded', data: { level: 2, date: '2026-01-01' } }])
      .when(dun({ dueDate: '2025-12-10' }))
      .thenThrows('Dunning level 3 needs the item 42 days overdue; it is 36.');
    given([])
      .when(dun({ dueDate: '2026-01-10' }))
      .thenThrows('Dunning level 1 needs the item 14 days overdue; it is 5.');
  });

  it('stops at level 3, and refuses payables, paid items and blocked items', () => {
    given([{ type: 'DunningRecorded', data: { level: 3, date: '2026-01-01' } }])
      .when(dun())
      .thenThrows('last dunning level');
    given([])
      .when(dun({ kind: 'payable' }))
      .thenThrows('Only receivables');
    given([paid('p-1', 1200)])
      .when(dun())
      .thenThrows('Nothing is outstanding');
    given([{ type: 'PaymentBlockChanged', data: { blocked: true, reason: 'dispute' } }])
      .when(dun())
      .thenThrows('dunning block');
  });
});

describe('open item: SetPaymentBlock', () => {
  it('sets and lifts a block; repeating it changes nothing', () => {
    given([])
      .when({ type: 'SetPaymentBlock', blocked: true, reason: 'dispute' })
      .then([{ type: 'PaymentBlockChanged', data: { blocked: true, reason: 'dispute' } }]);
    given([]).when({ type: 'SetPaymentBlock', blocked: false, reason: '' }).then([]);
    given([]).when({ type: 'SetPaymentBlock', blocked: true, reason: '' }).thenThrows('needs a reason');
  });
});
