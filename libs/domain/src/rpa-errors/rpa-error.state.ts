import type { RpaErrorEvent } from './rpa-error.events';

/** Nothing to remember: every resolution and retry request is recorded as it comes. */
export type RpaErrorState = null;

export const initialRpaErrorState: RpaErrorState = null;

export const evolveRpaError = (_state: RpaErrorState, _event: RpaErrorEvent): RpaErrorState => null;
