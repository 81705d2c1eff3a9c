import type { Decider, DecisionContext } from '../src/shared/decider';
import { deepFreeze } from '../src/shared/deep-freeze';

/**
 * given(events).when(command).then(events) | .thenThrows(message): decider specifications without I/O.
 * Every state is frozen, as the command runtime's stream cache holds it: a decider that changes its state in
 * place fails here instead of corrupting the cache.
 */
export function specFor<S, C, E>(decider: Decider<S, C, E>, context: DecisionContext = { now: '2026-01-15T10:00:00.000Z', userId: 'user-1' }) {
  return (given: E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, given.reduce((state, event) => deepFreeze(decider.evolve(state, event)), deepFreeze(decider.initialState)), context);
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenThrows: (message: string | RegExp) => expect(run).toThrow(message),
      };
    },
  });
}
