export { responsibilityDecider } from './responsibility.decide';
export type { AssignResponsibility, ResponsibilityCommand } from './responsibility.decide';
export { responsibilityStreamId, RESPONSIBILITY_EVENT_TYPES } from './responsibility.events';
export type { ResponsibilityAssigned, ResponsibilityEvent, StaffRef } from './responsibility.events';
export type { ResponsibilityState } from './responsibility.state';
