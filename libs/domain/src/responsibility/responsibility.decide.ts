import type { Decider } from '../shared/decider';
import { invalid } from '../shared/domain-error';
import type { ResponsibilityEvent, StaffRef } from './responsibility.events';
import { evolveResponsibility, initialResponsibilityState, type ResponsibilityState } from './responsibility.state';

export type AssignResponsibility = { type: 'AssignResponsibility'; clientNo: number; responsible: StaffRef; deputies: StaffRef[] };
export type ResponsibilityCommand = AssignResponsibility;

const MAX_DEPUTIES = 5;

/** Reassigning is one command; the same assignment again records nothing. */
function assign(command: AssignResponsibility, state: ResponsibilityState): ResponsibilityEvent[] {
  if (!command.responsible.id) throw invalid('A client needs a responsible person.');
  const ids = command.deputies.map((d) => d.id);
  if (new Set(ids).size !== ids.length) throw invalid('A deputy is listed twice.');
  if (ids.includes(command.responsible.id)) throw invalid('The responsible person cannot also be a deputy.');
  if (ids.length > MAX_DEPUTIES) throw invalid(`At most ${MAX_DEPUTIES} deputies.`);
  const same = state.responsible?.id === command.responsible.id && state.deputies.map((d) => d.id).join() === ids.join();
  if (same) return [];
  return [{ type: 'ResponsibilityAssigned', data: { clientNo: command.clientNo, responsible: command.responsible, deputies: command.deputies } }];
}

export function decideResponsibility(command: ResponsibilityCommand, state: ResponsibilityState): ResponsibilityEvent[] {
  switch (command.type) {
    case 'AssignResponsibility':
      return assign(command, state);
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

/** Who is responsible for a client company: one person and up to five deputies. */
export const responsibilityDecider: Decider<ResponsibilityState, ResponsibilityCommand, ResponsibilityEvent> = {
  initialState: initialResponsibilityState,
  evolve: evolveResponsibility,
  decide: (command, state) => decideResponsibility(command, state),
};
