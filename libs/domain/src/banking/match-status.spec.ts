import { leftToMatch, matchStatusOf, matchStatusSeenOf, overAllocation } from './match-status';

describe('how much of a transaction its matches cover', () => {
  const allocation = (amount_cents: number) => ({ allocations: [{ amount_cents }] });
  it('is unmatched without allocations', () => expect(matchStatusOf(10_000, [])).toEqual({ matched_cents: 0, match_status: 'unmatched' }));
  it('is matched when the allocations cover the amount', () =>
    expect(matchStatusOf(10_000, [allocation(4_000), allocation(6_000)])).toEqual({ matched_cents: 10_000, match_status: 'matched' }));
  it('is partial when they cover part of it', () =>
    expect(matchStatusOf(10_000, [allocation(4_000)])).toEqual({ matched_cents: 4_000, match_status: 'partial' }));
});

describe('the coverage a reader sees when some allocations are hidden from it', () => {
  const shown = (amount_cents: number) => ({ amount_cents, hidden: false });
  const hidden = (amount_cents: number) => ({ amount_cents, hidden: true });

  it('given only visible allocations, when the reader looks, then it sees what they cover', () => {
    expect(matchStatusSeenOf(-10_000, [{ allocations: [shown(-4_000)] }])).toEqual({ matched_cents: -4_000, match_status: 'partial' });
    expect(matchStatusSeenOf(-10_000, [])).toEqual({ matched_cents: 0, match_status: 'unmatched' });
  });

  it('given a transaction fully covered by a hidden match, when the reader looks, then it is matched with nothing left to allocate', () => {
    const seen = matchStatusSeenOf(-10_000, [{ allocations: [hidden(-10_000)] }]);
    expect(seen).toEqual({ matched_cents: -10_000, match_status: 'matched' });
    expect(leftToMatch(-10_000, seen)).toBe(0);
  });

  it('given a hidden allocation beside a visible one, when the reader looks, then it is matched, so neither the hidden amount nor what is left shows', () => {
    const partly = matchStatusSeenOf(-10_000, [{ allocations: [hidden(-3_000), shown(-2_000)] }]);
    const fully = matchStatusSeenOf(-10_000, [{ allocations: [hidden(-8_000), shown(-2_000)] }]);
    expect(partly).toEqual(fully);
    expect(partly).toEqual({ matched_cents: -10_000, match_status: 'matched' });
  });

  it('given what is left as the reader sees it, when allocations exceed it, then they are refused, so a reader never over-allocates', () => {
    const left = leftToMatch(-10_000, matchStatusSeenOf(-10_000, [{ allocations: [hidden(-3_000)] }]));
    expect(overAllocation(-100, left)).toBe('The allocations (-1.00) exceed what is left of the transaction (0.00).');
    expect(overAllocation(-7_000, leftToMatch(-10_000, matchStatusOf(-10_000, [{ allocations: [shown(-3_000)] }])))).toBeNull();
    expect(overAllocation(-7_001, -7_000)).toBe('The allocations (-70.01) exceed what is left of the transaction (-70.00).');
  });
});
