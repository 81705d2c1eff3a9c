export { CommandRuntime } from './command-runtime';
export type { CommandContext, CommandObserver, CommandOutcome, CommandOutcomeKind } from './command-runtime';
export { LoopSlice, LOOP_SLICE_MS } from '@portal/event-store';
export { stepContext, subCommandId } from './sub-command';
