import { checkEntry } from './ledger-entry.rules';
import { ledgerEntry } from '../../test/ledger-entry';

describe('a ledger entry', () => {
  it('is taken with dates, whole cents, a key and an ISO 4217 currency, within its quarter', () => {
    expect(() => checkEntry(ledgerEntry('a', 100, '2026-03-31'), '2026-Q1')).not.toThrow();
    expect(() => checkEntry(ledgerEntry('a', 100, '2026-04-01'), '2026-Q1')).toThrow('Entry a is booked outside 2026-Q1.');
    expect(() => checkEntry({ ...ledgerEntry('a', 100), currency: 'eur' }, null)).toThrow('Entry a: currency must be an ISO 4217 code.');
    expect(() => checkEntry({ ...ledgerEntry('a', 100), key: ' ' }, null)).toThrow('Every entry needs a key and an id.');
    expect(() => checkEntry({ ...ledgerEntry('a', 100), valueDate: '2026-13-01' }, null)).toThrow('value date must be a date (YYYY-MM-DD).');
  });
});
