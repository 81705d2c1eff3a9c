import { ALL_PROJECTIONS } from '@portal/projections';
import { openPorts, portsConfigFromEnv } from '@portal/ports';
import { Projector } from '@portal/projections';
import { leaseFromEnv } from './runtime/kubernetes-lease';

/**
 * `npm run start:projector`: the projector as its own process (production: EVENTSTORE_URL, MONGO_URL,
 * KAFKA_BROKERS). In Kubernetes with PORTAL_LEASE_NAME it projects only while it holds that Lease, so a
 * second replica (a rollout, a node that seems gone) waits instead of writing the read models twice.
 */
async function main(): Promise<void> {
  const lease = leaseFromEnv(process.env);
  if (lease) {
    process.stdout.write(`Waiting for the lease ${process.env.PORTAL_LEASE_NAME}\n`);
    await lease.acquire((reason) => {
      process.stderr.write(`projector: lost the lease (${reason}); stopping\n`);
      process.exit(1);
    });
    process.stdout.write('Holding the lease\n');
  }
  const ports = await openPorts(portsConfigFromEnv(process.env));
  const readText = async (sha256: string) => (await ports.blobs.get(sha256))?.toString('utf8') ?? null;
  const projector = new Projector(ports.events, ports.reads, ports.bus, ALL_PROJECTIONS, { readText, onError: (e) => process.stderr.write(`projector: ${String(e)}\n`) });
  await projector.start();
  process.stdout.write(`Projector running from position ${String(projector.currentPosition)}\n`);
  const stop = async () => {
    await projector.stop();
    await ports.close();
    await lease?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`projector failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
