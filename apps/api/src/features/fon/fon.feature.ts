import type { ServiceDefinition } from '../../gateway/service-definition';
import type { Feature, FeatureDeps } from '../feature';
import { FinanzOnlineClient } from './finanzonline/finanzonline-client';
import type { QuotaSource } from './finanzonline/quota-source';
import { SandboxFinanzOnline } from './finanzonline/sandbox-finanzonline';
import { fonConfigFromEnv, type FonConfig } from './fon-config';
import { fonImportsRouter } from './fon-imports.routes';
import { FonImporter } from './imports/fon-importer';
import { cashRegistersService } from './services/cash-registers.service';
import { fonConflictsService } from './services/fon-conflicts.service';
import { fonFirmsService } from './services/fon-firms.service';
import { fonImportsService } from './services/fon-imports.service';
import { fonQuotaItemsService } from './services/fon-quota-items.service';
import { fonUsersService } from './services/fon-users.service';

/**
 * FON monitoring: its six services, the file import route and the import jobs. In an api process, once the
 * read models stand at the head, imports a stopped process left in progress are marked failed so none blocks,
 * and from then on those of a portal process that stopped. Named `fon` in every layer (spec §1 "quota monitoring view
 * (FON)"; the domain's firms, FON users and cash registers are more than the monitoring); the screen's URL stays
 * `/fon-monitoring` (spec §2), a wire name bookmarks and the error links use.
 */
export function fonFeature(deps: FeatureDeps, config: FonConfig = fonConfigFromEnv()): Feature & { imports: ServiceDefinition } {
  const { reads, commands, secrets, log } = deps;
  const importer = new FonImporter(
    (decider, stream, command, context) => commands.send(decider, stream, command, context),
    reads,
    (m) => log.warn(m),
    { instance: config.instanceId },
  );
  const source: QuotaSource | null = config.finanzOnline
    ? new FinanzOnlineClient(config.finanzOnline)
    : deps.config.demoMode
      ? new SandboxFinanzOnline(reads, config.sandboxDelayMs)
      : null;
  const imports = fonImportsService(reads, importer, secrets, source);
  return {
    name: 'fon',
    imports,
    services: [
      fonQuotaItemsService(reads, commands),
      fonConflictsService(reads, commands),
      cashRegistersService(reads, commands),
      fonUsersService(reads, commands, secrets),
      fonFirmsService(reads, commands, secrets),
      imports,
    ],
    routers: [fonImportsRouter(deps.authenticator, reads, importer, deps.diskUploads, config.maxFileBytes)],
    start() {
      if (!deps.config.roles.api) return;
      void (async () => {
        if (!(await deps.caughtUp())) return;
        const system = { userId: 'system', clientNo: null };
        const interrupted = await importer.failInterrupted(system);
        if (interrupted > 0) log.warn(`Marked ${interrupted} FON imports failed that a restart interrupted`);
        importer.watchInterrupted(system, (n) => log.warn(`Marked ${n} FON imports failed whose portal process stopped`));
      })().catch((e: unknown) => log.error(`FON imports after restart: ${String(e)}`));
    },
    stop() {
      importer.stopWatching();
    },
  };
}
