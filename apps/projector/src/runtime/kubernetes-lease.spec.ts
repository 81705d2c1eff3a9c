import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubernetesLease, leaseFromEnv } from './kubernetes-lease';

const PATH = '/apis/coordination.k8s.io/v1/namespaces/portal/leases';

/** The Lease API of a Kubernetes API server as documented: GET/POST/PUT with resourceVersion checks (409 on a stale one). */
function fakeApiServer() {
  const state: {
    lease: (Record<string, unknown> & { metadata: Record<string, unknown>; spec: Record<string, unknown> }) | null;
    version: number;
    tokens: string[];
    failPuts: boolean;
    /** Each PUT is applied and answered this much later (a slow API server). */
    putDelayMs: number;
  } = { lease: null, version: 1, tokens: [], failPuts: false, putDelayMs: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      state.tokens.push(req.headers.authorization ?? '');
      const answer = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const conflict = () => answer(409, { kind: 'Status', reason: 'Conflict', code: 409 });
      if (req.method === 'GET' && req.url === `${PATH}/projector`)
        return state.lease ? answer(200, state.lease) : answer(404, { kind: 'Status', reason: 'NotFound', code: 404 });
      if (req.method === 'POST' && req.url === PATH) {
        if (state.lease) return conflict();
        state.lease = { ...JSON.parse(body), metadata: { ...JSON.parse(body).metadata, resourceVersion: String(++state.version) } };
        return answer(201, state.lease);
      }
      if (req.method === 'PUT' && req.url === `${PATH}/projector`) {
        const put = () => {
          const sent = JSON.parse(body) as { metadata: { resourceVersion?: string } };
          if (state.failPuts || !state.lease || sent.metadata.resourceVersion !== state.lease.metadata.resourceVersion) return conflict();
          state.lease = { ...(sent as typeof state.lease & object), metadata: { ...sent.metadata, resourceVersion: String(++state.version) } };
          return answer(200, state.lease);
        };
        if (state.putDelayMs > 0) return void setTimeout(put, state.putDelayMs);
        return put();
      }
      return answer(405, {});
    });
  });
  return { server, state };
}

let api: ReturnType<typeof fakeApiServer>;
let url: string;
beforeEach(async () => {
  api = fakeApiServer();
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((resolve) => (api.server as Server).close(() => resolve())));

const lease = (holder: string, now = () => new Date()) =>
  new KubernetesLease({ apiUrl: url, namespace: 'portal', name: 'projector', holder, token: () => 'sa-token', durationSeconds: 2, renewSeconds: 0.1, now });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the projector lease (coordination.k8s.io/v1)', () => {
  it('creates the lease when there is none, renews it, and releases it on a clean stop', async () => {
    const first = lease('projector-a');
    await first.acquire(() => undefined);
    expect(api.state.lease?.spec).toMatchObject({ holderIdentity: 'projector-a', leaseDurationSeconds: 2, leaseTransitions: 0 });
    expect(String(api.state.lease?.spec.renewTime)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const version = api.state.version;
    await sleep(350);
    expect(api.state.version).toBeGreaterThan(version);
    await first.release();
    expect(api.state.lease?.spec.holderIdentity).toBeNull();
    expect(api.state.tokens.every((t) => t === 'Bearer sa-token')).toBe(true);
  });

  it('releases the lease on a clean stop while a renewal is on its way, and does not report it lost', async () => {
    const first = lease('projector-a');
    const lost: string[] = [];
    await first.acquire((reason) => lost.push(reason));
    api.state.putDelayMs = 150;
    // The first renewal is sent at 100 ms and applied at 250 ms: the stop comes in between.
    await sleep(130);
    await first.release();
    expect(api.state.lease?.spec.holderIdentity).toBeNull();
    await sleep(300);
    expect(lost).toEqual([]);
  });

  it('keeps a second replica waiting while the lease is fresh, and lets it take over once the holder stopped renewing', async () => {
    // A holder that renewed a moment ago and then vanished with its node.
    const renewTime = new Date().toISOString().replace('Z', '000Z');
    api.state.lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'projector', namespace: 'portal', resourceVersion: '7' },
      spec: { holderIdentity: 'projector-a', leaseDurationSeconds: 2, renewTime, acquireTime: renewTime, leaseTransitions: 0 },
    };
    const second = lease('projector-b');
    let held = false;
    const waiting = second.acquire(() => undefined).then(() => (held = true));
    await sleep(1000);
    expect(held).toBe(false);
    await waiting;
    expect(api.state.lease?.spec).toMatchObject({ holderIdentity: 'projector-b', leaseTransitions: 1 });
    await second.release();
  });

  it('tells the holder it lost the lease when a renewal is refused', async () => {
    const first = lease('projector-a');
    const lost = new Promise<string>((resolve) => void first.acquire(resolve));
    await sleep(150);
    api.state.failPuts = true;
    await expect(lost).resolves.toBe('another replica holds the lease');
  });

  it('is off outside Kubernetes and reads the mounted service account inside', () => {
    expect(leaseFromEnv({ PORTAL_LEASE_NAME: 'projector' })).toBeNull();
    expect(leaseFromEnv({ KUBERNETES_SERVICE_HOST: '10.0.0.1' })).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), 'sa-'));
    try {
      for (const [file, text] of [
        ['namespace', 'portal\n'],
        ['token', 't0ken\n'],
        ['ca.crt', 'CA'],
      ])
        writeFileSync(join(dir, file!), text!);
      const inPod = leaseFromEnv(
        { PORTAL_LEASE_NAME: 'projector', KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443', HOSTNAME: 'projector-7d9' },
        dir,
      );
      expect(inPod).toBeInstanceOf(KubernetesLease);
      expect((inPod as unknown as { options: { apiUrl: string; namespace: string; holder: string; token(): string } }).options).toMatchObject({
        apiUrl: 'https://10.0.0.1:443',
        namespace: 'portal',
        holder: 'projector-7d9',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
