export { CommandRuntime } from './command-runtime';
export type { CommandContext, CommandOutcome } from './command-runtime';
