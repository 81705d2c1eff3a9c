import { OpenItemIndex, type MatchableItem, type MatchableTransaction } from './matching';

const item = (over: Partial<MatchableItem> & Pick<MatchableItem, 'id'>): MatchableItem => ({
  kind: 'receivable',
  outstanding: 1200,
  gross: 1200,
  invoice_number: null,
  payment_reference: null,
  iban: null,
  party: null,
  discount_percent: null,
  discount_due_date: null,
  title: `Invoice ${over.id}`,
  ...over,
});

const tx = (over: Partial<MatchableTransaction>): MatchableTransaction => ({
  id: 'tx-1',
  amount_cents: 120_000,
  matched_cents: 0,
  remittance: '',
  reference: null,
  end_to_end_id: null,
  counterparty_iban: null,
  counterparty_name: '',
  booking_date: '2026-03-10',
  ...over,
});

describe('matching bank transactions to open items', () => {
  it('suggests the item whose invoice number stands in the remittance text, with amount and name, best first', () => {
    const index = new OpenItemIndex([item({ id: 1, invoice_number: 'RE-2026-0042', party: 'Gasthof Post' }), item({ id: 2, invoice_number: 'RE-2026-0043' })]);
    const [best, second] = index.suggest(tx({ remittance: 'Rechnung RE 2026 0042 danke', counterparty_name: 'Gasthof Post Innsbruck' }));
    expect(best).toMatchObject({ open_item_id: '1', amount_cents: 120_000, reasons: ['invoice-number', 'amount', 'name'], confidence: 80 });
    expect(second).toMatchObject({ open_item_id: '2', reasons: ['amount'], confidence: 30 });
  });

  it('suggests the item whose number the payer wrote in another form: prefix, padding zeros, case, spaces or dashes', () => {
    const index = new OpenItemIndex([
      item({ id: 1, invoice_number: 'INV-004711', outstanding: 99 }),
      item({ id: 2, payment_reference: 'AR-000815', outstanding: 98 }),
      item({ id: 3, invoice_number: 'REWE-4711', outstanding: 97 }),
    ]);
    expect(index.suggest(tx({ remittance: 'Rechnung Nr. 4711, danke' })).map((s) => [s.open_item_id, s.reasons])).toEqual([['1', ['invoice-number']]]);
    expect(index.suggest(tx({ remittance: 'zahlung ar 815' })).map((s) => [s.open_item_id, s.reasons])).toEqual([['2', ['reference']]]);
  });

  it('ranks a structured payment reference above an amount alone', () => {
    const index = new OpenItemIndex([item({ id: 1, payment_reference: 'RF18539007547034' }), item({ id: 2 })]);
    const suggestions = index.suggest(tx({ reference: 'RF18 5390 0754 7034' }));
    expect(suggestions.map((s) => [s.open_item_id, s.confidence])).toEqual([
      ['1', 80],
      ['2', 30],
    ]);
  });

  it('accepts the amount less Skonto within the discount period and pays the item in full', () => {
    const index = new OpenItemIndex([
      item({ id: 7, gross: 1000, outstanding: 1000, discount_percent: 2, discount_due_date: '2026-03-15', iban: 'AT611904300234573201' }),
    ]);
    const [s] = index.suggest(tx({ amount_cents: 98_000, counterparty_iban: 'AT61 1904 3002 3457 3201' }));
    expect(s).toMatchObject({ open_item_id: '7', amount_cents: 98_000, skonto_cents: 2_000, reasons: ['amount-skonto', 'iban'], confidence: 45 });
  });

  it('decides Skonto by the booking date: a transaction booked in time still takes it when it is matched later', () => {
    const index = new OpenItemIndex([
      item({ id: 7, gross: 1000, outstanding: 1000, discount_percent: 2, discount_due_date: '2026-03-15', iban: 'AT611904300234573201' }),
    ]);
    // Matched weeks after the deadline (the index knows no "today"), booked three days before it.
    expect(index.suggest(tx({ amount_cents: 98_000, booking_date: '2026-03-12', counterparty_iban: 'AT611904300234573201' }))).toMatchObject([
      { open_item_id: '7', amount_cents: 98_000, skonto_cents: 2_000 },
    ]);
  });

  it('gives no Skonto after the discount date', () => {
    const index = new OpenItemIndex([item({ id: 7, gross: 1000, outstanding: 1000, discount_percent: 2, discount_due_date: '2026-03-15' })]);
    expect(index.suggest(tx({ amount_cents: 98_000, booking_date: '2026-03-20' }))).toEqual([]);
  });

  it('matches outgoing payments to payables only, with a negative amount', () => {
    const index = new OpenItemIndex([item({ id: 1, kind: 'receivable' }), item({ id: 2, kind: 'payable' })]);
    const suggestions = index.suggest(tx({ amount_cents: -120_000 }));
    expect(suggestions.map((s) => [s.open_item_id, s.amount_cents])).toEqual([['2', -120_000]]);
  });

  it('suggests only what is left of a partly matched transaction, and nothing when it is fully matched', () => {
    const index = new OpenItemIndex([item({ id: 1, outstanding: 500, invoice_number: 'AR-77' }), item({ id: 2, outstanding: 700 })]);
    const left = index.suggest(tx({ matched_cents: 50_000, remittance: 'AR-77 and more' }));
    expect(left.map((s) => [s.open_item_id, s.amount_cents, s.confidence])).toEqual([
      ['1', 50_000, 40],
      ['2', 70_000, 30],
    ]);
    expect(index.suggest(tx({ matched_cents: 120_000 }))).toEqual([]);
  });

  it('skips settled items and suggests nothing below the minimum confidence', () => {
    const index = new OpenItemIndex([item({ id: 1, outstanding: 0, invoice_number: 'AR-1' }), item({ id: 2, outstanding: 99, party: 'Metro' })]);
    expect(index.suggest(tx({ remittance: 'AR-1', counterparty_name: 'Metro AG' }))).toEqual([]);
  });
});
