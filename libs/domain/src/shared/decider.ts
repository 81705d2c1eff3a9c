/** Everything a decision may depend on besides state and command: passed in, never read from globals. */
export interface DecisionContext {
  now: string;
  userId: string;
  /**
   * Today in the firm's calendar (YYYY-MM-DD), when the caller knows it: a payment dated today in Vienna may be
   * tomorrow's in UTC. Without it, today is the UTC day of `now`.
   */
  today?: string;
}

/** The day a decision is taken on: the firm's, or the UTC day of the decision's moment. */
export const decisionDay = (context: DecisionContext): string => context.today ?? context.now.slice(0, 10);

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
