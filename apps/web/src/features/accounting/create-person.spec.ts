import { nextAccountNumber } from './CreatePersonDialog';

describe('a new supplier or customer account number', () => {
  it('follows the highest of its range', () => {
    const options = [
      { value: '300004', label: 'A' },
      { value: '310000', label: 'B' },
      { value: '200007', label: 'C' },
      { value: '5100', label: 'x' },
    ];
    expect(nextAccountNumber('supplier', options)).toBe('310001');
    expect(nextAccountNumber('customer', options)).toBe('200008');
  });

  it('starts the range when there is none yet', () => {
    expect(nextAccountNumber('supplier', [])).toBe('300000');
    expect(nextAccountNumber('customer', [])).toBe('200000');
  });
});
