export { rpaErrorDecider } from './rpa-error.decide';
export type { RequestRpaRetry, ResolveRpaError, RpaErrorCommand } from './rpa-error.decide';
export { rpaErrorStreamId, RPA_ERROR_EVENT_TYPES } from './rpa-error.events';
export type { RpaErrorEvent, RpaErrorResolved, RpaErrorRetryRequested } from './rpa-error.events';
export type { RpaErrorState } from './rpa-error.state';
