import type { ResponsibilityEvent, StaffRef } from './responsibility.events';

export interface ResponsibilityState {
  responsible: StaffRef | null;
  deputies: StaffRef[];
}

export const initialResponsibilityState: ResponsibilityState = { responsible: null, deputies: [] };

export const evolveResponsibility = (_state: ResponsibilityState, event: ResponsibilityEvent): ResponsibilityState => ({
  responsible: event.data.responsible,
  deputies: event.data.deputies,
});
