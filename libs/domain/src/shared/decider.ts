/** Everything a decision may depend on besides state and command: passed in, never read from globals. */
export interface DecisionContext {
  now: string;
  userId: string;
}

/** A pure aggregate: fold past events into state, decide new events from a command. */
export interface Decider<State, Command, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, context: DecisionContext): Event[];
}

export interface DomainEvent<Type extends string = string, Data extends object = object> {
  type: Type;
  data: Data;
}

/**
 * A stored event read back as the domain event it is. The store keeps `type` and `data` as the decider returned
 * them, so a reader that took the event by its type (a projection's `handles`, one aggregate's stream) reads it
 * as that aggregate's event union.
 */
export function domainEventOf<Event extends DomainEvent>(stored: { type: string; data: unknown }): Event {
  return stored as unknown as Event;
}
