import { foldEvents, type Decider, type DecisionContext } from '../src/shared/decider';
import { deepFreeze } from '../src/shared/deep-freeze';

/**
 * given(events).when(command).then(events) | .thenThrows(message): decider specifications without I/O.
 * Every state is deep-frozen (Maps, Sets and the values of persistent collections included) as the command
 * runtime's stream cache holds it, and the decided events are folded onto it as the runtime does after an
 * append: a decide or evolve that changes a state in place fails here instead of corrupting the cache. A
 * decider with a batch `fold` must fold the given events to the same state as `evolve` does one by one.
 */
export function specFor<S, C, E>(decider: Decider<S, C, E>, context: DecisionContext = { now: '2026-01-15T10:00:00.000Z', userId: 'user-1' }) {
  const freeze = <T>(value: T) => deepFreeze(value, { persistentValues: true });
  const fold = (state: S, events: readonly E[]) => events.reduce((folded, event) => freeze(decider.evolve(folded, event)), state);
  return (given: E[]) => ({
    when: (command: C) => {
      const run = () => {
        const state = fold(freeze(decider.initialState), given);
        if (decider.fold) expect(foldEvents(decider, freeze(decider.initialState), given)).toEqual(state);
        const decided = decider.decide(command, state, context);
        fold(state, decided);
        return decided;
      };
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenThrows: (message: string | RegExp) => expect(run).toThrow(message),
      };
    },
  });
}
