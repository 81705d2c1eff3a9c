import { SERVICES } from '@portal/contracts';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { validate } from '../validate';
import { cutRegisterQuery, type CompanyRegisterPort } from './company-register';

const findSchema = z.strictObject({ q: z.string().max(1000), $limit: z.union([z.number(), z.string()]).optional() });

/**
 * company-register (adm): find `{ q }` (cut after 50 characters, spec §9) answers the hits, the query as
 * searched and which source was searched, so the UI can say that only the address database was.
 */
export function companyRegisterService(register: CompanyRegisterPort): ServiceDefinition {
  return {
    path: SERVICES.companyRegister,
    methods: {
      find: {
        anyOf: ['adm'],
        async run(_context, args) {
          const { q, $limit } = validate(findSchema, args.query, 'query');
          const limit = Math.min(Math.max(Number($limit ?? 20) || 20, 1), 50);
          const data = await register.search(q, limit);
          return { total: data.length, limit, skip: 0, data, query: cutRegisterQuery(q), source: register.kind };
        },
      },
    },
  };
}
