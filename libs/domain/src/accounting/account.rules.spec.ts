import { isSixDigits, isValidIban, personAccountTypeOf } from './account.rules';

describe('account rules', () => {
  it('accepts IBANs whose mod-97 check holds, with or without spaces', () => {
    expect(isValidIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true);
  });

  it('refuses IBANs with a wrong check digit or shape', () => {
    expect(isValidIban('AT61 1904 3002 3457 3202')).toBe(false);
    expect(isValidIban('DE00370400440532013000')).toBe(false);
    expect(isValidIban('1234')).toBe(false);
  });

  it('requires exactly six digits for account numbers', () => {
    expect(isSixDigits('700010')).toBe(true);
    expect(isSixDigits('70001')).toBe(false);
    expect(isSixDigits('7000100')).toBe(false);
    expect(isSixDigits('70001a')).toBe(false);
  });

  it('treats 200000 to 299999 as customers and every other account as a supplier', () => {
    expect(personAccountTypeOf('200000')).toBe(2);
    expect(personAccountTypeOf('299999')).toBe(2);
    expect(personAccountTypeOf('199999')).toBe(3);
    expect(personAccountTypeOf('300000')).toBe(3);
  });
});
