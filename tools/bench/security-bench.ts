import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { hashPassword, hashPasswordScrypt, verifyPassword } from '@portal/api';
import { signedInPeer } from '../harness/clients';
import type { FeatureBenchItem } from './feature-items';
import type { Figure, Options } from './items';
import { authorizeAtPortal, loginAtPortal } from '../harness/oidc-login';
import { documentsDataDir } from './documents-bench';
import { startPortal, type PortalProc } from '../harness/proc';
import { percentile, sortNumbers } from './stats';

const ITEM = 30;

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
}

/** A real PDF of about `bytes`: one page of text and an attached file of random (incompressible) bytes. */
async function pdfOf(bytes: number, label: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(label, { x: 50, y: 780, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  if (bytes > 4096) await pdf.attach(randomBytes(bytes - 4096), 'measurements.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
}

async function upload(portal: PortalProc, username: string, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${portal.url}/api/documents/upload?client=1001&category=ER_U`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${await portal.token(username)}` },
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`upload of ${name} (${(bytes.length / 1048576).toFixed(1)} MiB) answered ${res.status}: ${body.slice(0, 200)}`);
  return res.status;
}

/** A user without `doc` sends 20 MiB slowly (64 KiB every 100 ms): ms until the portal refuses. */
function slowForbiddenUpload(portal: PortalProc, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(`${portal.url}/api/documents/upload?client=1001&category=ER_U`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(20 * 1048576) },
    });
    const timer = setInterval(() => req.write(Buffer.alloc(64 * 1024)), 100);
    req.on('response', (res) => {
      clearInterval(timer);
      res.resume();
      if (res.statusCode !== 403) reject(new Error(`the forbidden upload answered ${String(res.statusCode)}, not 403`));
      else resolve(performance.now() - t0);
      req.destroy();
    });
    req.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    req.write('--x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4\n');
  });
}

/** /health latency while three users run the largest allowed documents query over and over. */
async function healthDuringLargestQuery(
  portal: PortalProc,
  seconds: number,
): Promise<{ p50: number; p99: number; max: number; queries: number; samples: number; rows: number }> {
  const largest = {
    $or: Array.from({ length: 100 }, (_, i) => ({ title: { $ne: `t${i}` }, size: { $nin: Array.from({ length: 19 }, (_, j) => i * 100 + j) } })),
    $limit: 1000,
  };
  const users = await Promise.all(['client1', 'accountant', 'admin'].map(async (u) => signedInPeer(portal.url, await portal.token(u))));
  let stop = false;
  let queries = 0;
  let rows = 0;
  const loops = users.map(async (peer) => {
    while (!stop) {
      const page = (await peer.app.service('documents').find({ query: largest })) as { data: unknown[] };
      rows = page.data.length;
      queries += 1;
    }
  });
  const samples: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    samples.push(await timed(async () => (await fetch(`${portal.url}/health`)).arrayBuffer()));
    await new Promise((r) => setTimeout(r, 20));
  }
  stop = true;
  await Promise.all(loops);
  for (const peer of users) peer.close();
  const sorted = sortNumbers(samples);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN, queries, samples: samples.length, rows };
}

/** Documents of the data dir the /health figure runs on (cached, shared with `documents --quick`). */
const HEALTH_DOCUMENTS = 20_000;

/**
 * What the hardening costs. Password checks (scrypt before, argon2id after), the login flow,
 * uploads (streamed to disk), the early refusal of a forbidden upload, and /health during the largest
 * allowed query over 20,000 documents with reads on the event loop (before) and in worker threads (after).
 * The login has no "before" figure: the unthrottled login with scrypt and the in-memory provider store
 * is gone from the code; the password check (its main cost) is measured both ways.
 */
async function run(options: Options): Promise<Figure[]> {
  const runs = options.quick ? 5 : 20;
  const figures: Figure[] = [];
  const scrypt = await hashPasswordScrypt('correct horse battery');
  const argon = await hashPassword('correct horse battery');
  const verifyScrypt: number[] = [];
  const verifyArgon: number[] = [];
  for (let i = 0; i < runs; i++) {
    verifyScrypt.push(await timed(() => verifyPassword('correct horse battery', scrypt)));
    verifyArgon.push(await timed(() => verifyPassword('correct horse battery', argon)));
  }
  figures.push({ item: ITEM, name: 'password check: scrypt N=2^14 (before)', unit: 'ms', runs: verifyScrypt, dataset: 'in process, one password' });
  figures.push({ item: ITEM, name: 'password check: argon2id m=19 MiB t=2 p=1 (after)', unit: 'ms', runs: verifyArgon, dataset: 'in process, one password' });

  // No demo documents: their extraction would run beside the figures.
  const portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0' } });
  try {
    const logins: number[] = [];
    for (let i = 0; i < Math.min(runs, 10); i++) logins.push(await timed(() => loginAtPortal(portal.url, 'accountant', 'accountant')));
    figures.push({
      item: ITEM,
      name: 'login: authorize + login form + code exchange (throttle, argon2id, persistent provider state; no before figure)',
      unit: 'ms',
      runs: logins,
      dataset: 'demo portal, loopback',
    });
    const wrong: number[] = [];
    const auth = await authorizeAtPortal(portal.url);
    for (let i = 0; i < 3; i++)
      wrong.push(await timed(async () => (await auth.browser.post(auth.loginAction, { username: 'clerk', password: `wrong-${i}` })).arrayBuffer()));
    figures.push({ item: ITEM, name: 'wrong password, 1st-3rd in a row (no delay yet)', unit: 'ms', runs: wrong, dataset: 'demo portal' });
    const small = await pdfOf(200 * 1024, 'bench 200 KiB');
    const large = await pdfOf(20 * 1048576, 'bench 20 MiB');
    const smallRuns: number[] = [];
    const largeRuns: number[] = [];
    for (let i = 0; i < Math.min(runs, 5); i++) {
      smallRuns.push(await timed(() => upload(portal, 'client1', Buffer.concat([small, Buffer.from(`%${i}-${Date.now()}`)]), `s${i}.pdf`)));
      largeRuns.push(await timed(() => upload(portal, 'client1', Buffer.concat([large, Buffer.from(`%${i}-${Date.now()}`)]), `l${i}.pdf`)));
    }
    figures.push({
      item: ITEM,
      name: 'upload of a 200 KiB PDF until accepted (201, streamed to disk)',
      unit: 'ms',
      runs: smallRuns,
      dataset: 'client1, loopback',
    });
    figures.push({
      item: ITEM,
      name: `upload of a ${(large.length / 1048576).toFixed(1)} MiB PDF until accepted (201, streamed to disk)`,
      unit: 'ms',
      runs: largeRuns,
      dataset: 'client1, loopback; a real PDF with an attached file of random bytes',
    });
    const rssBefore = portal.rss() ?? 0;
    await Promise.all(Array.from({ length: 5 }, (_, i) => upload(portal, 'client1', Buffer.concat([large, Buffer.from(`%p${i}-${Date.now()}`)]), `p${i}.pdf`)));
    const rssAfter = portal.rss() ?? 0;
    figures.push({
      item: ITEM,
      name: 'server RSS growth during 5 parallel 20 MiB uploads (all 201)',
      unit: 'MiB',
      runs: [(rssAfter - rssBefore) / 1048576],
      dataset: 'client1',
    });
    const refusal = await slowForbiddenUpload(portal, await portal.token('auditor'));
    figures.push({
      item: ITEM,
      name: 'forbidden upload (auditor, 20 MiB sent slowly) until 403 (issue: 8.3 s before)',
      unit: 'ms',
      runs: [refusal],
      dataset: 'auditor',
    });
  } finally {
    await portal.stop();
  }

  const { dataDir } = await documentsDataDir(HEALTH_DOCUMENTS, options);
  for (const workers of [0, 2]) {
    const onDocuments = await startPortal({
      dataDir,
      env: { PORTAL_SEED: '0', PORTAL_SEED_DOCUMENTS: '0', PORTAL_READ_WORKERS: String(workers) },
      timeoutMs: 300_000,
    });
    try {
      const health = await healthDuringLargestQuery(onDocuments, options.quick ? 10 : 30);
      const label = workers === 0 ? 'reads on the event loop (before)' : 'reads in 2 worker threads (after)';
      figures.push({
        item: ITEM,
        name: `/health p99 while 3 users run the largest allowed query, ${label}`,
        unit: 'ms',
        runs: [health.p99],
        dataset: `${HEALTH_DOCUMENTS.toLocaleString('en')} documents; p50 ${health.p50.toFixed(1)} ms, max ${health.max.toFixed(1)} ms, ${health.samples} samples, ${health.queries} queries of ${health.rows} rows each`,
      });
    } finally {
      await onDocuments.stop();
    }
  }
  return figures;
}

export const securityBenchItem: FeatureBenchItem = { name: 'security', run };
