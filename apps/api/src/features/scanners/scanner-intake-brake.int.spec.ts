import nodemailer from 'nodemailer';
import type { Paginated, RpaErrorRecord, ScannerRecord, ScannerWithSecret } from '@portal/contracts';
import { authorizeAtPortal, eventually, freePort, PortalSession } from '@portal/tools';

jest.setTimeout(600_000);

/** A short window, so the summary of a burst arrives within the spec. */
const WINDOW_MS = 8_000;
const env: NodeJS.ProcessEnv = { PORTAL_SEED_DOCUMENTS: '0', SCAN_INTAKE_WINDOW_MS: String(WINDOW_MS), SCAN_INTAKE_FAILURE_LIMIT: '5' };
beforeAll(async () => {
  env.SCAN_SMTP_PORT = String(await freePort());
});
const session = PortalSession.start(env);

const wrongPush = async (scannerId: string): Promise<number> => {
  const res = await fetch(`${session.url}/api/scanners/${scannerId}/scans`, {
    method: 'POST',
    headers: { 'X-Scanner-Secret': 'falsch', 'Content-Type': 'application/pdf' },
    body: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF')),
  });
  await res.arrayBuffer();
  return res.status;
};

async function metric(name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${session.url}/metrics`)).text();
  const line =
    text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels)) ?? text.split('\n').find((l) => labels === '' && l.startsWith(`${name} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function scanner(name: string): Promise<ScannerWithSecret> {
  const admin = (await session.signedIn('admin')).app.service('scanners');
  return (await admin.create({ name, client_no: 1001 })) as ScannerWithSecret;
}

const refusedOf = async (id: string) => ((await (await session.signedIn('admin')).app.service('scanners').get(id)) as ScannerRecord).refused;
const failuresOf = async (id: string) =>
  (
    (await (
      await session.signedIn('admin')
    ).app
      .service('rpa-errors')
      .find({ query: { kind: 'scanner_intake_refused', $limit: 500 } })) as Paginated<RpaErrorRecord>
  ).data.filter((e) => e.subject_label.startsWith(id));

describe('the brake on wrong scanner secrets (no login needed to try)', () => {
  it('answers 429 after a handful, and a burst of 1,000 wrong secrets adds a bounded number of events, counted in metrics', async () => {
    const target = await scanner('Flut Empfang');
    const eventsBefore = await metric('portal_events_appended_total', '');
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i += 20) statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => wrongPush(target.id)))));
    const windows = Math.ceil((Date.now() - started) / WINDOW_MS) + 1;
    expect(statuses).toHaveLength(1000);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5 * windows + 20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(900);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Another scanner id from the same address is braked too (the source is counted, not only the scanner).
    expect(await wrongPush('gibt-es-nicht')).toBe(429);
    expect(await metric('portal_intake_refusals_total', 'reason="throttled"')).toBeGreaterThan(900);
    // At most the first refusal and one summary per window, on the scanner and in /error.
    const summary = await eventually(async () => {
      const failures = await failuresOf(target.id);
      return failures.some((f) => /and \d+ more/.test(f.reason)) ? failures : undefined;
    }, 60_000);
    expect(summary.length).toBeLessThanOrEqual(2 * windows);
    expect(await refusedOf(target.id)).toBeLessThanOrEqual(2 * windows);
    expect((await metric('portal_events_appended_total', '')) - eventsBefore).toBeLessThanOrEqual(2 * windows + 2);
  });

  it('answers SMTP AUTH with a wrong secret 535 a handful of times, then 454 without checking', async () => {
    const target = await scanner('Flut Mail');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: Number(env.SCAN_SMTP_PORT),
        secure: false,
        ignoreTLS: true,
        auth: { user: target.id, pass: 'falsch' },
      });
      const error = (await transport.verify().catch((e: { responseCode?: number }) => e)) as { responseCode?: number };
      codes.push(error.responseCode ?? 0);
      transport.close();
    }
    expect(codes.slice(0, 5)).toEqual([535, 535, 535, 535, 535]);
    expect(codes.slice(5).every((c) => c === 454)).toBe(true);
    expect(await refusedOf(target.id)).toBeLessThanOrEqual(2);
  });
});

describe('the brake on wrong passwords at the login form', () => {
  it('answers 429 after a handful, counts every refusal in metrics, and records no more events than it let through', async () => {
    // The scanner tests above leave a summary of their refusals pending per channel until their window ends (the HTTP
    // and the mail test one each): counted from here, they would land among this test's events.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 2_000));
    const eventsBefore = await metric('portal_events_appended_total', '');
    const auth = await authorizeAtPortal(session.url);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await auth.browser.post(auth.loginAction, { username: 'auditor', password: `falsch-${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(4).fill(429));
    expect(await metric('portal_intake_refusals_total', 'entry="login",reason="wrong-password"')).toBe(10);
    expect(await metric('portal_intake_refusals_total', 'entry="login",reason="throttled"')).toBe(4);
    // One event per failure let through and one for the lock; the refused attempts add none (one more allowed for a
    // summary that a loaded machine's late timer appends after the wait above).
    expect((await metric('portal_events_appended_total', '')) - eventsBefore).toBeLessThanOrEqual(10 + 1 + 1);
  }, 120_000);
});
