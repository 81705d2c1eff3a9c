import type { CommandContext } from '@portal/commands';
import type { CallContext } from '../gateway/service-definition';

/** The command metadata of a gateway call: who, for which client, idempotency key and expected revision. */
export function commandContextOf(call: CallContext, clientNo: number | null): CommandContext {
  return {
    userId: call.user.keycloakId,
    clientNo,
    ...(call.commandId === undefined ? {} : { commandId: call.commandId }),
    ...(call.revision === undefined ? {} : { expectedRevision: call.revision }),
  };
}
