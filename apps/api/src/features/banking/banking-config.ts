import { DEFAULT_ACCESS_WARNING_DAYS } from '@portal/contracts';

export interface GoCardlessConfig {
  baseUrl: string;
  secretId: string;
  secretKey: string;
}

/** Banking settings from the environment (README): warning days, statement size, the aggregator's credentials. */
export interface BankingConfig {
  warningDays: number;
  maxStatementBytes: number;
  gocardless: GoCardlessConfig | null;
  /** The clock expiry is computed with (tests inject a fixed one). */
  clock: () => Date;
}

export function bankingConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BankingConfig {
  const days = Number(env.PORTAL_BANK_WARNING_DAYS ?? DEFAULT_ACCESS_WARNING_DAYS);
  const id = env.GOCARDLESS_SECRET_ID;
  const key = env.GOCARDLESS_SECRET_KEY;
  return {
    warningDays: Number.isInteger(days) && days >= 0 && days <= 180 ? days : DEFAULT_ACCESS_WARNING_DAYS,
    maxStatementBytes: Number(env.PORTAL_MAX_STATEMENT_BYTES ?? 100 * 1024 * 1024),
    gocardless:
      id && key ? { baseUrl: (env.GOCARDLESS_BASE_URL ?? 'https://bankaccountdata.gocardless.com').replace(/\/$/, ''), secretId: id, secretKey: key } : null,
    clock: () => new Date(),
  };
}
