import { bankingConfigFromEnv } from '../banking-config';
import { GoCardlessConnector } from './gocardless';

/**
 * The live contract of the GoCardless Bank Account Data adapter against the real service (its sandbox
 * institution): needs GOCARDLESS_SECRET_ID and GOCARDLESS_SECRET_KEY (GOCARDLESS_BASE_URL optional).
 * Without them it is skipped; gocardless.spec.ts checks the adapter against a local server on every run.
 */
const config = bankingConfigFromEnv().gocardless;
const SKIPPED = 'skipped: set GOCARDLESS_SECRET_ID and GOCARDLESS_SECRET_KEY to run the live GoCardless Bank Account Data contract';
const maybe = config ? describe : describe.skip;
if (!config) process.stdout.write(`[gocardless] ${SKIPPED}\n`);
const SANDBOX = 'SANDBOXFINANCE_SFIN0000';

jest.setTimeout(60_000);

maybe(config ? 'GoCardless Bank Account Data, live' : SKIPPED, () => {
  if (!config) {
    it(SKIPPED, () => undefined);
    return;
  }
  const connector = new GoCardlessConnector(config);

  it('signs in with the secrets and lists Austrian institutions with their consent lengths', async () => {
    const institutions = await connector.institutions('AT');
    expect(institutions.length).toBeGreaterThan(10);
    expect(institutions.every((i) => i.source === 'gocardless' && i.max_valid_days > 0 && i.max_valid_days <= 180)).toBe(true);
  });

  it('starts a consent at the sandbox institution (agreement and requisition with a link), waits for the customer, and deletes it again', async () => {
    const start = await connector.requestConsent({
      clientNo: 1001,
      institutionId: SANDBOX,
      validDays: 90,
      reference: `contract-${Date.now()}`,
      redirect: 'http://localhost/',
    });
    expect(start).toMatchObject({ granted: false, requisitionId: expect.any(String), link: expect.stringMatching(/^https:\/\//) });
    try {
      // Nobody has given consent yet: no accounts to read.
      expect(await connector.consentedAccounts(start.requisitionId)).toBeNull();
    } finally {
      await connector.revoke(start.requisitionId);
    }
    await expect(connector.revoke(start.requisitionId)).resolves.toBeUndefined();
  });
});
