import { mayAccessClient, SERVICES, Unprocessable, type User } from '@portal/contracts';
import { responsibilityDecider, responsibilityStreamId, type StaffRef } from '@portal/domain';
import { RESPONSIBILITIES, USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import { readModelService } from '../../gateway/read-model-service';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { accountingClientExists } from './client-exists';
import { maySeeUserRow } from '../users/administrator-reach';

export const RESPONSIBILITIES_READ = ['adm', 'ove'] as const;
const assignSchema = z.strictObject({
  responsible_id: z.string().min(1, 'A client needs a responsible person.'),
  deputies: z.array(z.string().min(1)).max(5).optional(),
});

/**
 * responsibilities: per client company (id = client_no) the responsible staff member and deputies.
 * find/get with adm or ove (the overview shows the names); `update` (id = client_no, data
 * { responsible_id, deputies? }) assigns or reassigns, adm only.
 */
export function responsibilitiesService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: RESPONSIBILITIES,
    fields: ['client_no', 'responsible_id', 'updated_at'],
    defaultLimit: 100,
    maxLimit: 5000,
    clientField: 'client_no',
    read: [...RESPONSIBILITIES_READ],
  });

  /**
   * An active staff member who may see the client: nobody is made responsible for a client they cannot open.
   * Only users within the administrator's reach (maySeeUser) can be named; the others are unknown to it.
   */
  const staff = async (actor: User, id: string, clientNo: number): Promise<StaffRef> => {
    const row = await store.get(USERS, id);
    const user = row as (Partial<User> & Record<string, unknown>) | null;
    if (!row || !user || user.enabled === false || !maySeeUserRow(actor, row)) throw Unprocessable(`No active user '${id}'.`);
    const name = [user.firstName, user.lastName].filter((p) => typeof p === 'string' && p).join(' ') || String(user.username ?? id);
    if (!mayAccessClient({ all_clients: user.all_clients === true, klienten_array: Array.isArray(user.klienten_array) ? user.klienten_array : [] }, clientNo)) {
      throw Unprocessable(`${name} may not access client ${clientNo}; give them access to the client first.`);
    }
    return { id, name };
  };

  const assign = async (context: CallContext, rawId: string | number | null, raw: unknown) => {
    const clientNo = base.parseId(rawId ?? '') as number;
    const data = validate(assignSchema, raw, 'responsibility');
    await accountingClientExists(store, context.user, clientNo);
    const responsible = await staff(context.user, data.responsible_id, clientNo);
    const deputies = await Promise.all((data.deputies ?? []).map((id) => staff(context.user, id, clientNo)));
    await commands.send(
      responsibilityDecider,
      responsibilityStreamId(clientNo),
      { type: 'AssignResponsibility', clientNo, responsible, deputies },
      { ...commandContextOf(context, clientNo), expectedRevision: undefined },
    );
    return base.present(await base.load(context.user, clientNo));
  };

  return {
    path: SERVICES.responsibilities,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      update: { anyOf: ['adm'], run: (context, args) => assign(context, args.id, args.data) },
    },
  };
}
