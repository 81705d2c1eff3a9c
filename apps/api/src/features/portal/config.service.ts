import { isTimeZone, NotFound, SERVICES } from '@portal/contracts';
import { portalDecider, PORTAL_STREAM_ID } from '@portal/domain';
import { PORTAL_CONFIG } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { refuseFilters } from './refuse-filters';

/** What an administrator may change of the portal's configuration: the firm's time zone. */
const configPatchSchema = z.strictObject({
  timeZone: z.string().refine(isTimeZone, 'must be a time zone like Europe/Vienna'),
});

/**
 * config: brand, slogans, documentation link and backend configuration (spec §3, global state), read by
 * every signed-in user; `patch('portal', { timeZone })` (adm) sets the firm's time zone for every time on
 * screen and in files. Every change is pushed to every connection.
 */
export function configService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const load = async () => {
    const config = await store.get(PORTAL_CONFIG, 'portal');
    if (!config) throw NotFound('The portal is not configured yet.');
    return config;
  };
  return {
    path: SERVICES.config,
    mirror: { collection: PORTAL_CONFIG, clientOf: () => null },
    methods: {
      get: { anyOf: null, run: (_context, args) => (refuseFilters(args.query), load()) },
      find: {
        anyOf: null,
        async run(_context, args) {
          refuseFilters(args.query);
          const config = await load();
          return { total: 1, limit: 1, skip: 0, data: [config] };
        },
      },
      patch: {
        anyOf: ['adm'],
        async run(context, args) {
          if (args.id !== 'portal') throw NotFound(`No record found for id '${String(args.id)}'`);
          const { timeZone } = validate(configPatchSchema, args.data, 'portal settings');
          await commands.send(portalDecider, PORTAL_STREAM_ID, { type: 'SetFirmTimeZone', timeZone }, commandContextOf(context, null));
          return load();
        },
      },
    },
  };
}
