import type { CommandContext } from './command-runtime';

/**
 * The idempotency key of one step of a call (or job) that sends several commands: derived from the call's
 * key, so a retried call repeats every step's key and each step applies once. Without a key, none: the
 * runtime then gives each command its own.
 */
export function subCommandId(commandId: string, step: string | number): string;
export function subCommandId(commandId: string | undefined, step: string | number): string | undefined;
export function subCommandId(commandId: string | undefined, step: string | number): string | undefined {
  return commandId ? `${commandId}:${step}` : undefined;
}

/**
 * The context of one step of a call that sends several commands: the step's own key (`subCommandId`) and an
 * expected revision only when the step names one. The revision the caller saw holds for the call's first
 * command; a later step on the same stream follows the step before it.
 */
export function stepContext(context: CommandContext, step: string | number, expectedRevision?: number): CommandContext {
  const { commandId, expectedRevision: _seen, ...rest } = context;
  const id = subCommandId(commandId, step);
  return { ...rest, ...(id === undefined ? {} : { commandId: id }), ...(expectedRevision === undefined ? {} : { expectedRevision }) };
}
