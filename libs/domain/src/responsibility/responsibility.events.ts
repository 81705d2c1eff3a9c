import type { DomainEvent } from '../shared/decider';

/** A staff member as assigned (name as of the assignment, for lists that show it without a lookup). */
export interface StaffRef {
  id: string;
  name: string;
}

export type ResponsibilityAssigned = DomainEvent<'ResponsibilityAssigned', { clientNo: number; responsible: StaffRef; deputies: StaffRef[] }>;
export type ResponsibilityEvent = ResponsibilityAssigned;

export const responsibilityStreamId = (clientNo: number) => `responsibility-${clientNo}`;
export const RESPONSIBILITY_EVENT_TYPES = ['ResponsibilityAssigned'] as const;
