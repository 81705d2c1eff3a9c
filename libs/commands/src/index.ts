export { CommandRuntime } from './command-runtime';
export type { CommandContext, CommandObserver, CommandOutcome, CommandOutcomeKind } from './command-runtime';
export { stepContext, subCommandId } from './sub-command';
