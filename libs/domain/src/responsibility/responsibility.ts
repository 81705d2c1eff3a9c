import type { Decider, DomainEvent } from '../shared/decider';
import { invalid } from '../shared/domain-error';

/** A staff member as assigned (name as of the assignment, for lists that show it without a lookup). */
export interface StaffRef {
  id: string;
  name: string;
}

export type ResponsibilityAssigned = DomainEvent<'ResponsibilityAssigned', { clientNo: number; responsible: StaffRef; deputies: StaffRef[] }>;
export type ResponsibilityEvent = ResponsibilityAssigned;
export type AssignResponsibility = { type: 'AssignResponsibility'; clientNo: number; responsible: StaffRef; deputies: StaffRef[] };

export interface ResponsibilityState {
  responsible: StaffRef | null;
  deputies: StaffRef[];
}

export const responsibilityStreamId = (clientNo: number) => `responsibility-${clientNo}`;
export const RESPONSIBILITY_EVENT_TYPES = ['ResponsibilityAssigned'] as const;

const MAX_DEPUTIES = 5;

/** Who is responsible for a client company: one person and up to five deputies; reassigning is one command. */
export const responsibilityDecider: Decider<ResponsibilityState, AssignResponsibility, ResponsibilityEvent> = {
  initialState: { responsible: null, deputies: [] },
  evolve: (_state, event) => ({ responsible: event.data.responsible, deputies: event.data.deputies }),
  decide(command, state) {
    if (!command.responsible.id) throw invalid('A client needs a responsible person.');
    const ids = command.deputies.map((d) => d.id);
    if (new Set(ids).size !== ids.length) throw invalid('A deputy is listed twice.');
    if (ids.includes(command.responsible.id)) throw invalid('The responsible person cannot also be a deputy.');
    if (ids.length > MAX_DEPUTIES) throw invalid(`At most ${MAX_DEPUTIES} deputies.`);
    const same = state.responsible?.id === command.responsible.id && state.deputies.map((d) => d.id).join() === ids.join();
    if (same) return [];
    return [{ type: 'ResponsibilityAssigned', data: { clientNo: command.clientNo, responsible: command.responsible, deputies: command.deputies } }];
  },
};
