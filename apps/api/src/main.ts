import 'reflect-metadata';
import { loadPortalConfig } from './config/portal-config';
import { startPortal } from './portal';

async function main(): Promise<void> {
  const portal = await startPortal(loadPortalConfig());
  const stop = (signal: string) => {
    process.stderr.write(`${signal}: shutting down\n`);
    portal.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Portal failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
