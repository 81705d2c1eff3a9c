import { SERVICES } from '@portal/contracts';
import { quotaBookDecider, quotaBookStreamId } from '@portal/domain';
import { FON_CONFLICTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../../gateway/read-model-service';
import type { ServiceDefinition } from '../../../gateway/service-definition';
import type { CommandSender } from '../../../platform/domain-command';
import { commandContextOf } from '../../command-context';
import { validate } from '../../validate';
import { resolveSchema } from '../fon.schema';
import { ADM } from './adm';

/**
 * fon-conflicts (adm): disagreements of FinanzOnline and NTCS with both values (filters firm_id, tax_year,
 * tax_office, status, kind, item_id). patch `{ remark }` resolves one manually: the remark and the person are
 * recorded; a later import that agrees closes it.
 */
export function fonConflictsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: FON_CONFLICTS,
    fields: ['firm_id', 'tax_year', 'tax_office', 'status', 'kind', 'item_id', 'opened_at', 'name', 'taxId'],
    defaultLimit: 200,
    maxLimit: 20_000,
    clientField: null,
    read: ADM,
    parseId: (raw) => String(raw),
  });
  return {
    path: SERVICES.fonConflicts,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      patch: {
        anyOf: ADM,
        async run(context, args) {
          const conflict = await base.load(context.user, args.id);
          const { remark } = validate(resolveSchema, args.data, 'resolution');
          await commands.send(
            quotaBookDecider,
            quotaBookStreamId(conflict.firm_id, conflict.tax_year, conflict.tax_office),
            { type: 'ResolveFonConflict', conflictId: conflict.id, remark },
            commandContextOf(context, null),
          );
          return store.get(FON_CONFLICTS, conflict.id);
        },
      },
    },
  };
}
