import type { Feature, FeatureDeps } from '../feature';
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

/** Banking: its services, the statement upload route, and the transaction sources. */
export function bankingFeature(deps: FeatureDeps, config: BankingConfig = bankingConfigFromEnv()): Feature {
  const { reads, commands } = deps;
  const importer = new StatementImporter(reads, commands);
  const sandbox = new SandboxBank(config.clock);
  const gocardless = config.gocardless ? new GoCardlessConnector(config.gocardless) : null;
  const connectors: BankConnector[] = gocardless ? [sandbox, gocardless] : [sandbox];
  return {
    name: 'banking',
    services: [
      bankAccountsService(reads, commands),
      bankTransactionsService(reads),
      bankAccessesService({ store: reads, commands, importer, connectors: { sandbox, ...(gocardless ? { gocardless } : {}) }, config }),
      bankImportsService(reads),
      bankBalancesService(reads),
      bankMatchesService(reads, commands),
      bankOverviewService(reads, config),
      bankInstitutionsService(connectors),
    ],
    routers: [statementsRouter(deps.authenticator, reads, importer, deps.diskUploads, config.maxStatementBytes)],
  };
}
