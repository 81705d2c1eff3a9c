import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpAt, totpUri } from './totp';

describe('TOTP second factor', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 0, 15, 10, 0, 15);
  const step = Math.floor(now / 30_000);

  it('accepts the current code and the codes one step before and after, nothing further', () => {
    expect(checkTotp(secret, totpAt(secret, now), null, now)).toEqual({ ok: true, step });
    expect(checkTotp(secret, totpAt(secret, now - 30_000), null, now)).toEqual({ ok: true, step: step - 1 });
    expect(checkTotp(secret, totpAt(secret, now + 30_000), null, now)).toEqual({ ok: true, step: step + 1 });
    expect(checkTotp(secret, totpAt(secret, now - 90_000), null, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTotp(secret, totpAt(secret, now + 90_000), null, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses the same code a second time, and an older one after a newer was used', () => {
    const code = totpAt(secret, now);
    const first = checkTotp(secret, code, null, now);
    expect(first.ok).toBe(true);
    const used = first.ok ? first.step : 0;
    expect(checkTotp(secret, code, used, now + 5_000)).toEqual({ ok: false, reason: 'replayed' });
    expect(checkTotp(secret, totpAt(secret, now - 30_000), used, now)).toEqual({ ok: false, reason: 'replayed' });
    expect(checkTotp(secret, totpAt(secret, now + 30_000), used, now + 30_000)).toMatchObject({ ok: true });
  });

  it('refuses what is not six digits, and accepts a code typed with a space', () => {
    expect(checkTotp(secret, 'abcdef', null, now)).toEqual({ ok: false, reason: 'invalid' });
    const code = totpAt(secret, now);
    expect(checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, now)).toMatchObject({ ok: true });
  });

  it('makes an otpauth URI for the QR code and ten distinct recovery codes, hashed case-insensitively', () => {
    expect(totpUri(secret, 'KanzleiPortal', 'client1')).toMatch(/^otpauth:\/\/totp\/KanzleiPortal:client1\?.*secret=[A-Z2-7]+/);
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(hashRecoveryCode(codes[0]!.toUpperCase())).toBe(hashRecoveryCode(codes[0]!));
  });
});
