import type { Decider, DecisionContext } from './decider';

/** given(events).when(command).then(events) | .thenThrows(message): decider specifications without I/O. */
export function specFor<S, C, E>(decider: Decider<S, C, E>, context: DecisionContext = { now: '2026-01-15T10:00:00.000Z', userId: 'user-1' }) {
  return (given: E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState), context);
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenThrows: (message: string | RegExp) => expect(run).toThrow(message),
      };
    },
  });
}
