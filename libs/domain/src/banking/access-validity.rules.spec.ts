import { accessValidity } from './access-validity.rules';

const NOW = '2026-03-01T09:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('bank access validity on a fixed clock', () => {
  const access = { grantedAt: NOW, validUntil: '2026-08-28T09:00:00.000Z', revokedAt: null };

  it('is valid with more than 14 days left', () => {
    expect(accessValidity(access, at('2026-03-01T09:00:00Z'), 14)).toEqual({ validity: 'valid', daysLeft: 180 });
    expect(accessValidity(access, at('2026-08-13T23:59:59Z'), 14)).toEqual({ validity: 'valid', daysLeft: 15 });
  });

  it('is expiring with 14 days or fewer left: in N days, tomorrow, today', () => {
    expect(accessValidity(access, at('2026-08-14T00:00:00Z'), 14)).toEqual({ validity: 'expiring', daysLeft: 14 });
    expect(accessValidity(access, at('2026-08-25T12:00:00Z'), 14)).toEqual({ validity: 'expiring', daysLeft: 3 });
    expect(accessValidity(access, at('2026-08-27T10:00:00Z'), 14)).toEqual({ validity: 'expiring', daysLeft: 1 });
    expect(accessValidity(access, at('2026-08-28T08:59:59Z'), 14)).toEqual({ validity: 'expiring', daysLeft: 0 });
  });

  it('uses the configured warning days', () => {
    expect(accessValidity(access, at('2026-08-25T12:00:00Z'), 2)).toEqual({ validity: 'valid', daysLeft: 3 });
  });

  it('is expired from the moment the consent ends, counting days since', () => {
    expect(accessValidity(access, at('2026-08-28T09:00:00Z'), 14)).toEqual({ validity: 'expired', daysLeft: 0 });
    expect(accessValidity(access, at('2026-09-02T09:00:00Z'), 14)).toEqual({ validity: 'expired', daysLeft: -5 });
  });

  it('is revoked once revoked, and pending before consent', () => {
    expect(accessValidity({ ...access, revokedAt: NOW }, at(NOW), 14)).toEqual({ validity: 'revoked', daysLeft: null });
    expect(accessValidity({ grantedAt: null, validUntil: null, revokedAt: null }, at(NOW), 14)).toEqual({ validity: 'pending', daysLeft: null });
  });
});
