import type { ReadStore } from '@portal/read-store';
import type { Router } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import type { ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import type { SecretBox } from '../../platform/secret-box';
import { FinanzOnlineClient } from './finanzonline/finanzonline-client';
import type { QuotaSource } from './finanzonline/quota-source';
import { SandboxFinanzOnline } from './finanzonline/sandbox-finanzonline';
import { fonConfigFromEnv, type FonConfig } from './fon-config';
import type { DiskUploads } from '../../http/disk-uploads';
import { fonImportsRouter } from './fon-imports.routes';
import { FonImporter } from './imports/fon-importer';
import { cashRegistersService } from './services/cash-registers.service';
import { fonConflictsService } from './services/fon-conflicts.service';
import { fonFirmsService } from './services/fon-firms.service';
import { fonImportsService } from './services/fon-imports.service';
import { fonQuotaItemsService } from './services/fon-quota-items.service';
import { fonUsersService } from './services/fon-users.service';

export interface FonFeatureDeps {
  store: ReadStore;
  commands: CommandSender;
  authenticator: Authenticator;
  secrets: SecretBox;
  demoMode: boolean;
  log: (message: string) => void;
  /** The one upload path (authorized before the body, files on disk). */
  diskUploads: DiskUploads;
  config?: FonConfig;
}

/** FON monitoring: its six services, the file import route and the import jobs. */
export function fonFeature(deps: FonFeatureDeps): { services: ServiceDefinition[]; imports: ServiceDefinition; router: Router; importer: FonImporter; source: QuotaSource | null } {
  const config = deps.config ?? fonConfigFromEnv();
  const importer = new FonImporter((decider, stream, command, context) => deps.commands.send(decider, stream, command, context), deps.store, deps.log, { instance: config.instanceId });
  const source: QuotaSource | null = config.finanzOnline ? new FinanzOnlineClient(config.finanzOnline) : deps.demoMode ? new SandboxFinanzOnline(deps.store, config.sandboxDelayMs) : null;
  const imports = fonImportsService(deps.store, importer, deps.secrets, source);
  return {
    importer,
    source,
    imports,
    services: [
      fonQuotaItemsService(deps.store, deps.commands),
      fonConflictsService(deps.store, deps.commands),
      cashRegistersService(deps.store, deps.commands),
      fonUsersService(deps.store, deps.commands, deps.secrets),
      fonFirmsService(deps.store, deps.commands, deps.secrets),
      imports,
    ],
    router: fonImportsRouter(deps.authenticator, deps.store, importer, deps.diskUploads, config.maxFileBytes),
  };
}
