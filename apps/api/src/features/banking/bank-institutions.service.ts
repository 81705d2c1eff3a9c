import { SERVICES, type BankInstitution } from '@portal/contracts';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { validate } from '../validate';
import { BANKING } from './banking-permissions';
import type { BankConnector } from './sources/bank-connector';

const findSchema = z.strictObject({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
});

/** bank-institutions (adm or ban): the banks one can connect to: the sandbox bank, and the aggregator's when configured. */
export function bankInstitutionsService(connectors: BankConnector[]): ServiceDefinition {
  return {
    path: SERVICES.bankInstitutions,
    methods: {
      find: {
        anyOf: BANKING,
        async run(_context, args) {
          const q = validate(findSchema, args.query, 'query');
          const lists = await Promise.all(connectors.map((c) => c.institutions(q.country?.toUpperCase() ?? null).catch((): BankInstitution[] => [])));
          const data = lists.flat();
          return { total: data.length, limit: data.length, skip: 0, data };
        },
      },
    },
  };
}
