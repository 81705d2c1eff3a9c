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
