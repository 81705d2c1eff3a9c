import { emptyEntryFields, newEntry } from './statement';

describe('a new entry', () => {
  const fields = { status: 'booked' as const, bookingDate: '2026-03-31', amountCents: -1250, currency: 'EUR' };

  it('writes every field, the ones not given empty', () => {
    expect(newEntry(fields)).toEqual({ key: '', ...fields, ...emptyEntryFields });
  });

  it('takes what the override states over the fields, and keeps a field the override leaves undefined or does not name', () => {
    const whole = newEntry({ ...fields, remittance: 'Miete', bankReference: 'B-1', valueDate: '2026-04-01' });
    const part = newEntry(whole, { remittance: 'Rate 1', counterpartyName: 'Huber', bankReference: undefined, amountCents: -250 });
    expect(part).toMatchObject({
      remittance: 'Rate 1',
      counterpartyName: 'Huber',
      bankReference: 'B-1',
      valueDate: '2026-04-01',
      amountCents: -250,
      status: 'booked',
    });
    expect(Object.keys(part)).toEqual(Object.keys(whole));
    expect(newEntry(fields, { reversal: true, valueDate: null })).toMatchObject({ reversal: true, valueDate: null });
  });
});
