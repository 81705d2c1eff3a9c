import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { Conflict } from '@portal/contracts';
import { PortalMetrics } from '../../platform/metrics';
import { EmailChangeLinks } from './email-change-links';
import { emailConfirmationRouter } from './email-confirmation.routes';

const links = new EmailChangeLinks(new Uint8Array(32).fill(3), 'http://portal.test');
const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
/** The user stream's rule as the link meets it: a link confirms its address once. */
const confirmed = new Set<string>();
const accounts = {
  confirmEmailChange: async (userId: string, email: string) => {
    if (confirmed.has(`${userId}:${email}`)) throw Conflict('The e-mail change was already confirmed.');
    confirmed.add(`${userId}:${email}`);
  },
};
const metrics = new PortalMetrics({ headPosition: async () => null, projectedPosition: () => 0, connections: () => 0 });
const logged: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', true);
  app.use(
    emailConfirmationRouter({
      links,
      accounts,
      brandShort: 'Portal',
      slogans: { en: '', de: '' },
      brake: { failureLimit: 5, windowMs: 60_000, refused: (reason) => metrics.intakeRefused('email-link', reason), log: (m) => logged.push(m) },
    }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/account/email-confirmation`;
});
afterAll(() => server.close());

const open = async (token: string, source: string) =>
  (await fetch(`${base}?token=${encodeURIComponent(token)}`, { headers: { 'X-Forwarded-For': source } })).status;
const confirm = async (token: string, source: string) =>
  (
    await fetch(base, {
      method: 'POST',
      headers: { 'X-Forwarded-For': source, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })
  ).status;
async function refusals(reason: string): Promise<number> {
  const line = (await metrics.text())
    .split('\n')
    .find((l) => l.startsWith('portal_intake_refusals_total{') && l.includes('entry="email-link"') && l.includes(`reason="${reason}"`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('refused e-mail links (no login needed to try)', () => {
  it('counts each refused link by reason, expired, tampered, malformed and reused, and logs it; a valid link counts nothing', async () => {
    const expired = tokenOf(await links.create('u-1', 'alt@kanzlei.example', Date.now() - 25 * 3600_000));
    expect(await open(expired, '10.0.0.1')).toBe(400);
    const [head, body, signature] = tokenOf(await links.create('u-1', 'neu@kanzlei.example')).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), email: 'evil@example.com' })).toString('base64url');
    expect(await confirm(`${head}.${forged}.${signature}`, '10.0.0.2')).toBe(400);
    expect(await open('not-a-token', '10.0.0.3')).toBe(400);
    const valid = tokenOf(await links.create('u-2', 'neu@kanzlei.example'));
    expect(await open(valid, '10.0.0.4')).toBe(200);
    expect(await confirm(valid, '10.0.0.4')).toBe(200);
    expect(await confirm(valid, '10.0.0.4')).toBe(409);
    expect({
      expired: await refusals('expired'),
      tampered: await refusals('tampered'),
      malformed: await refusals('malformed'),
      reused: await refusals('reused'),
    }).toEqual({ expired: 1, tampered: 1, malformed: 1, reused: 1 });
    expect(logged).toEqual(expect.arrayContaining([expect.stringMatching(/expired.*10\.0\.0\.1/), expect.stringMatching(/tampered.*10\.0\.0\.2/)]));
  });

  it('answers 429 without checking after a handful of refused links from one source, counted as throttled; other sources go on', async () => {
    for (let i = 0; i < 5; i++) expect(await open(`garbage-${i}`, '10.0.0.9')).toBe(400);
    const valid = tokenOf(await links.create('u-3', 'neu@kanzlei.example'));
    expect(await open(valid, '10.0.0.9')).toBe(429);
    expect(await confirm(valid, '10.0.0.9')).toBe(429);
    expect(await refusals('throttled')).toBe(2);
    expect(await open(valid, '10.0.0.10')).toBe(200);
    expect(await confirm(valid, '10.0.0.10')).toBe(200);
  });
});
