import { FinanzOnlineClient } from './finanzonline-client';

/** Against the real FinanzOnline: only with a web-service user of a test participant (never in CI by default). */
const env = process.env;
const ready = env.FON_HERSTELLER_ID && env.FON_TEST_TID && env.FON_TEST_BENID && env.FON_TEST_PIN;
const maybe = ready ? describe : describe.skip;

maybe(
  ready
    ? 'the FinanzOnline web services (real)'
    : 'skipped: set FON_HERSTELLER_ID, FON_TEST_TID, FON_TEST_BENID and FON_TEST_PIN to run the FinanzOnline web-service test',
  () => {
    it(
      ready ? 'logs in, lists the DataBox of the last 7 days and logs out' : 'skipped: set FON_HERSTELLER_ID, FON_TEST_TID, FON_TEST_BENID and FON_TEST_PIN',
      async () => {
        const client = new FinanzOnlineClient({
          sessionUrl: env.FON_SESSION_URL ?? 'https://finanzonline.bmf.gv.at/fonws/ws/session',
          databoxUrl: env.FON_DATABOX_URL ?? 'https://finanzonline.bmf.gv.at/fon/ws/databox',
          herstellerId: env.FON_HERSTELLER_ID!,
          timeoutMs: 30_000,
        });
        const credentials = { tid: env.FON_TEST_TID!, benid: env.FON_TEST_BENID!, pin: env.FON_TEST_PIN! };
        const session = await client.login(credentials);
        try {
          const to = new Date();
          const from = new Date(to.getTime() - 6 * 86_400_000);
          expect(Array.isArray(await client.databox(credentials, session, from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)))).toBe(true);
        } finally {
          await client.logout(credentials, session);
        }
      },
    );
  },
);
