import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A coordination.k8s.io/v1 Lease as the API server keeps it (the fields this client uses). */
interface Lease {
  apiVersion: 'coordination.k8s.io/v1';
  kind: 'Lease';
  metadata: { name: string; namespace: string; resourceVersion?: string };
  spec: { holderIdentity?: string | null; leaseDurationSeconds?: number; acquireTime?: string; renewTime?: string; leaseTransitions?: number };
}

export interface LeaseOptions {
  /** The API server, e.g. https://kubernetes.default.svc (in a pod: from KUBERNETES_SERVICE_HOST/PORT). */
  apiUrl: string;
  namespace: string;
  name: string;
  /** Who holds it: the pod name. */
  holder: string;
  /** The service account's bearer token, read at each call (the kubelet rotates the mounted file). */
  token(): string;
  /** The cluster's CA (the service account's ca.crt). */
  ca?: Buffer;
  /** A holder that has not renewed for this long has lost the lease; default 15 s. */
  durationSeconds?: number;
  /** How often the holder renews (and a waiting replica asks again); default 5 s. */
  renewSeconds?: number;
  now?: () => Date;
}

/** Kubernetes MicroTime: RFC 3339 with six fractional digits. */
const microTime = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/**
 * Leader election over a Kubernetes Lease, so only one projector writes the read models however many
 * replicas run (a rollout, a node that seems gone): `acquire` waits until this pod holds the lease, the
 * holder renews it, and `onLost` fires when a renewal fails (another pod took it over), after which the
 * process must stop projecting. Optimistic concurrency through the object's resourceVersion (409 on a race).
 */
export class KubernetesLease {
  private timer: NodeJS.Timeout | null = null;
  private current: Lease | null = null;
  /** The renewal on its way, if any: one at a time, and a release waits for it. */
  private renewing: Promise<void> | null = null;
  private released = false;
  private readonly durationSeconds: number;
  private readonly renewMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: LeaseOptions) {
    this.durationSeconds = options.durationSeconds ?? 15;
    this.renewMs = (options.renewSeconds ?? 5) * 1000;
    this.now = options.now ?? (() => new Date());
  }

  /** Resolves once this pod holds the lease; then renews it until `release` (or `onLost`). */
  async acquire(onLost: (reason: string) => void, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw new Error('stopped while waiting for the lease');
      if (await this.tryAcquire()) break;
      await new Promise((resolve) => setTimeout(resolve, this.renewMs));
    }
    this.released = false;
    this.timer = setInterval(() => {
      if (this.renewing) return;
      // After a release the outcome of a renewal that was on its way means nothing: the lease was given up.
      this.renewing = this.renew()
        .then(
          (held) => held || this.released || this.lose(onLost, 'another replica holds the lease'),
          (error: unknown) => this.released || this.lose(onLost, `renewing the lease failed: ${String(error)}`),
        )
        .then(() => {
          this.renewing = null;
        });
    }, this.renewMs);
    this.timer.unref();
  }

  /** Gives the lease up (on a clean stop), so the next replica does not wait for it to expire. */
  async release(): Promise<void> {
    this.released = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A renewal on its way changes the lease's resourceVersion: a release sent beside it would be refused (409)
    // and the lease kept until it expires, so the next replica would wait for nothing.
    await this.renewing;
    if (!this.current || this.current.spec.holderIdentity !== this.options.holder) return;
    await this.call('PUT', this.path(), { ...this.current, spec: { ...this.current.spec, holderIdentity: null } }).catch(() => undefined);
    this.current = null;
  }

  private lose(onLost: (reason: string) => void, reason: string): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.current = null;
    onLost(reason);
  }

  private async tryAcquire(): Promise<boolean> {
    const found = await this.call('GET', this.path());
    const now = this.now();
    if (found.status === 404) {
      const lease: Lease = {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: this.options.name, namespace: this.options.namespace },
        spec: {
          holderIdentity: this.options.holder,
          leaseDurationSeconds: this.durationSeconds,
          acquireTime: microTime(now),
          renewTime: microTime(now),
          leaseTransitions: 0,
        },
      };
      const created = await this.call('POST', `/apis/coordination.k8s.io/v1/namespaces/${encodeURIComponent(this.options.namespace)}/leases`, lease);
      return this.keep(created);
    }
    if (found.status !== 200) throw new Error(`reading the lease answered ${found.status}`);
    const lease = found.body as Lease;
    const holder = lease.spec.holderIdentity ?? null;
    const renewed = Date.parse(lease.spec.renewTime ?? '') || 0;
    const expired = renewed + (lease.spec.leaseDurationSeconds ?? this.durationSeconds) * 1000 < now.getTime();
    if (holder && holder !== this.options.holder && !expired) return false;
    const taken: Lease = {
      ...lease,
      spec: {
        ...lease.spec,
        holderIdentity: this.options.holder,
        leaseDurationSeconds: this.durationSeconds,
        renewTime: microTime(now),
        ...(holder === this.options.holder ? {} : { acquireTime: microTime(now), leaseTransitions: (lease.spec.leaseTransitions ?? 0) + 1 }),
      },
    };
    return this.keep(await this.call('PUT', this.path(), taken));
  }

  private async renew(): Promise<boolean> {
    if (!this.current) return false;
    const renewed: Lease = { ...this.current, spec: { ...this.current.spec, renewTime: microTime(this.now()) } };
    return this.keep(await this.call('PUT', this.path(), renewed));
  }

  /** A write that succeeded is the lease as now stored; a conflict means someone else wrote first. */
  private keep(reply: { status: number; body: unknown }): boolean {
    if (reply.status === 409) return false;
    if (reply.status !== 200 && reply.status !== 201) throw new Error(`writing the lease answered ${reply.status}`);
    const lease = reply.body as Lease;
    this.current = lease.spec.holderIdentity === this.options.holder ? lease : null;
    return this.current !== null;
  }

  private path(): string {
    return `/apis/coordination.k8s.io/v1/namespaces/${encodeURIComponent(this.options.namespace)}/leases/${encodeURIComponent(this.options.name)}`;
  }

  private call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const url = new URL(path, this.options.apiUrl);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        url,
        {
          method,
          ...(this.options.ca ? { ca: this.options.ca } : {}),
          timeout: 10_000,
          headers: {
            authorization: `Bearer ${this.options.token()}`,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null });
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('the API server did not answer in time')));
      req.on('error', reject);
      req.end(payload);
    });
  }
}

const SERVICE_ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * The lease of a projector in a Kubernetes pod: set when PORTAL_LEASE_NAME is set and the pod's service
 * account is mounted (KUBERNETES_SERVICE_HOST); null elsewhere (one process, compose, tests).
 */
export function leaseFromEnv(env: NodeJS.ProcessEnv, serviceAccountDir = SERVICE_ACCOUNT): KubernetesLease | null {
  const name = env.PORTAL_LEASE_NAME;
  if (!name || !env.KUBERNETES_SERVICE_HOST) return null;
  const read = (file: string) => readFileSync(`${serviceAccountDir}/${file}`);
  const host = env.KUBERNETES_SERVICE_HOST.includes(':') ? `[${env.KUBERNETES_SERVICE_HOST}]` : env.KUBERNETES_SERVICE_HOST;
  return new KubernetesLease({
    apiUrl: `https://${host}:${env.KUBERNETES_SERVICE_PORT ?? '443'}`,
    namespace: env.POD_NAMESPACE ?? read('namespace').toString('utf8').trim(),
    name,
    holder: env.HOSTNAME ?? `projector-${process.pid}`,
    token: () => read('token').toString('utf8').trim(),
    ca: read('ca.crt'),
    ...(env.PORTAL_LEASE_SECONDS ? { durationSeconds: Number(env.PORTAL_LEASE_SECONDS) } : {}),
  });
}
