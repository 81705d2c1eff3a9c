import type { ReadStore } from '@portal/read-store';
import type { Router } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import type { DiskUploads } from '../../http/disk-uploads';
import type { ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { bankAccessesService } from './bank-accesses.service';
import { bankAccountsService } from './bank-accounts.service';
import { bankBalancesService } from './bank-balances.service';
import { bankImportsService } from './bank-imports.service';
import { bankInstitutionsService } from './bank-institutions.service';
import { bankMatchesService } from './bank-matches.service';
import { bankOverviewService } from './bank-overview.service';
import { bankTransactionsService } from './bank-transactions.service';
import { bankingConfigFromEnv, type BankingConfig } from './banking-config';
import type { BankConnector } from './sources/bank-connector';
import { GoCardlessConnector } from './sources/gocardless';
import { SandboxBank } from './sources/sandbox-bank';
import { StatementImporter } from './statement-import';
import { statementsRouter } from './statements.routes';

export interface BankingFeatureDeps {
  store: ReadStore;
  commands: CommandSender;
  authenticator: Authenticator;
  diskUploads: DiskUploads;
  config?: BankingConfig;
}

/** Banking: its services, the statement upload route, and the transaction sources. */
export function bankingFeature(deps: BankingFeatureDeps): { services: ServiceDefinition[]; router: Router; importer: StatementImporter } {
  const config = deps.config ?? bankingConfigFromEnv();
  const importer = new StatementImporter(deps.store, deps.commands);
  const sandbox = new SandboxBank(config.clock);
  const gocardless = config.gocardless ? new GoCardlessConnector(config.gocardless) : null;
  const connectors: BankConnector[] = gocardless ? [sandbox, gocardless] : [sandbox];
  return {
    importer,
    services: [
      bankAccountsService(deps.store, deps.commands),
      bankTransactionsService(deps.store),
      bankAccessesService({ store: deps.store, commands: deps.commands, importer, connectors: { sandbox, ...(gocardless ? { gocardless } : {}) }, config }),
      bankImportsService(deps.store),
      bankBalancesService(deps.store),
      bankMatchesService(deps.store, deps.commands),
      bankOverviewService(deps.store, config),
      bankInstitutionsService(connectors),
    ],
    router: statementsRouter(deps.authenticator, deps.store, importer, deps.diskUploads, config.maxStatementBytes),
  };
}
