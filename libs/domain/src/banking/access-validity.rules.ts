import type { AccessValidity } from '@portal/contracts';

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS);

export interface ValidityInput {
  grantedAt: string | null;
  validUntil: string | null;
  revokedAt: string | null;
}

/**
 * Expiry warnings count the days left: whole calendar days (UTC) from today to the day the consent
 * ends. At or after `validUntil` the access is expired; with `warningDays` or fewer left it is expiring
 * (0 = expires today, 1 = tomorrow, N = in N days).
 */
export function accessValidity(access: ValidityInput, now: Date, warningDays: number): { validity: AccessValidity; daysLeft: number | null } {
  if (access.revokedAt !== null) return { validity: 'revoked', daysLeft: null };
  if (access.grantedAt === null || access.validUntil === null) return { validity: 'pending', daysLeft: null };
  const daysLeft = dayOf(access.validUntil) - Math.floor(now.getTime() / DAY_MS);
  if (now.getTime() >= Date.parse(access.validUntil)) return { validity: 'expired', daysLeft: Math.min(daysLeft, 0) };
  return { validity: daysLeft <= warningDays ? 'expiring' : 'valid', daysLeft };
}

/** The end of a consent given at `grantedAt` for `days` days. */
export const validUntilOf = (grantedAt: string, days: number) => new Date(Date.parse(grantedAt) + days * DAY_MS).toISOString();
