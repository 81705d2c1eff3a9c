import { SERVICES } from '@portal/contracts';
import { BANK_IMPORTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { BANKING } from './banking-permissions';

/** bank-imports (adm or ban, client scope): the import history, find by client_no (newest first with $sort) and get. Imports are POST /api/banking/statements. */
export function bankImportsService(store: ReadStore): ServiceDefinition {
  const base = readModelService(store, {
    collection: BANK_IMPORTS,
    fields: ['client_no', 'imported_at', 'format', 'last_to'],
    defaultLimit: 50,
    maxLimit: 200,
    clientField: 'client_no',
    read: BANKING,
    parseId: (raw) => String(raw),
  });
  return { path: SERVICES.bankImports, mirror: base.mirror, methods: { find: base.find, get: base.get } };
}
