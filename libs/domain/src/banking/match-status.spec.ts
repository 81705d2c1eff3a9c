import { matchStatusOf } from './match-status';

describe('how much of a transaction its matches cover', () => {
  const allocation = (amount_cents: number) => ({ allocations: [{ amount_cents }] });
  it('is unmatched without allocations', () => expect(matchStatusOf(10_000, [])).toEqual({ matched_cents: 0, match_status: 'unmatched' }));
  it('is matched when the allocations cover the amount', () => expect(matchStatusOf(10_000, [allocation(4_000), allocation(6_000)])).toEqual({ matched_cents: 10_000, match_status: 'matched' }));
  it('is partial when they cover part of it', () => expect(matchStatusOf(10_000, [allocation(4_000)])).toEqual({ matched_cents: 4_000, match_status: 'partial' }));
});
