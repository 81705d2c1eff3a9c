import type { CommandContext } from '@portal/commands';
import type { CallContext } from '../gateway/service-definition';
import { currentLogContext } from '../platform/log-context';

/** The command metadata of a gateway call: who, for which client, idempotency key and expected revision. */
export function commandContextOf(call: CallContext, clientNo: number | null): CommandContext {
  const correlationId = currentLogContext()?.correlationId;
  return {
    userId: call.user.keycloakId,
    clientNo,
    ...(correlationId === undefined ? {} : { correlationId }),
    ...(call.commandId === undefined ? {} : { commandId: call.commandId }),
    ...(call.revision === undefined ? {} : { expectedRevision: call.revision }),
  };
}
