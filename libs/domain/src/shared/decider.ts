/** Everything a decision may depend on besides state and command: passed in, never read from globals. */
export interface DecisionContext {
  now: string;
  userId: string;
}

/**
 * A pure aggregate: fold past events into state, decide new events from a command. Neither `evolve` nor
 * `decide` ever changes the state it is given: the command runtime caches folded states and hands the same
 * object to the next command (the spec helper and the cache deep-freeze states, Maps and Sets included).
 */
export interface Decider<State, Command, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, context: DecisionContext): Event[];
  /**
   * Optional: the state after many events at once, equal to folding them one by one with `evolve`. A decider
   * whose state is held in persistent collections folds a whole stream faster in one batch (transient copies).
   */
  fold?(state: State, events: readonly Event[]): State;
}

/** The state after `events`: the decider's batch fold when it has one, else `evolve` one event at a time. */
export function foldEvents<S, E>(decider: Pick<Decider<S, unknown, E>, 'evolve' | 'fold'>, state: S, events: readonly E[]): S {
  if (decider.fold) return decider.fold(state, events);
  return events.reduce((folded, event) => decider.evolve(folded, event), state);
}

export interface DomainEvent<Type extends string = string, Data extends object = object> {
  type: Type;
  data: Data;
}
