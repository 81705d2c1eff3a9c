import { CompanyNumbers } from './company-numbers';

describe('company numbers of all-clients logins', () => {
  it('loads once and shares the same array until a company is registered', async () => {
    let loads = 0;
    const numbers = new CompanyNumbers(async () => [1001, 1002 + loads++]);
    const first = await numbers.get();
    expect(await numbers.get()).toBe(first);
    expect(loads).toBe(1);
    numbers.invalidate();
    expect(await numbers.get()).toEqual([1001, 1003]);
  });
});
