import { ALL_PROJECTIONS, LiveProjector } from '@portal/projections';
import { openPorts, portsConfigFromEnv } from '@portal/ports';
import { leaseFromEnv } from './runtime/kubernetes-lease';

/**
 * `npm run start:projector`: the projector as its own process (production: EVENTSTORE_URL, MONGO_URL,
 * KAFKA_BROKERS). It writes only while it holds the read store's writer lease (checked in every write
 * transaction), so a second one started at the same time waits and takes over when the first stops or dies.
 * In Kubernetes with PORTAL_LEASE_NAME it also waits for that Lease first (fewer replicas polling the store).
 */
async function main(): Promise<void> {
  const log = (message: string) => process.stdout.write(`${message}\n`);
  const lease = leaseFromEnv(process.env);
  if (lease) {
    log(`Waiting for the lease ${process.env.PORTAL_LEASE_NAME}`);
    await lease.acquire((reason) => {
      process.stderr.write(`projector: lost the lease (${reason}); stopping\n`);
      process.exit(1);
    });
    log('Holding the lease');
  }
  const ports = await openPorts(portsConfigFromEnv(process.env));
  const readText = async (sha256: string) => (await ports.blobs.get(sha256))?.toString('utf8') ?? null;
  const leaseTtlMs = process.env.PORTAL_LEASE_TTL_MS ? Number(process.env.PORTAL_LEASE_TTL_MS) : undefined;
  const projector = new LiveProjector(ports.events, ports.reads, ALL_PROJECTIONS, {
    readText,
    log,
    onError: (e) => process.stderr.write(`projector: ${String(e)}\n`),
    ...(leaseTtlMs ? { leaseTtlMs } : {}),
    ...(ports.describe.bus === 'Kafka' ? { relayTo: ports.bus } : {}),
  });
  const stop = async () => {
    await projector.stop();
    await ports.close();
    await lease?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await projector.start();
  log(`Projector running from position ${String(projector.currentPosition)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`projector failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
