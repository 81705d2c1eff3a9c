import type { Decider } from '../src/shared/decider';
import { specFor } from './given-when-then';

type Added = { type: 'Added'; data: { key: string } };
type Add = { type: 'Add'; key: string };
type Keys = { keys: Map<string, number>; seen: Set<string> };

const immutable: Decider<Keys, Add, Added> = {
  initialState: { keys: new Map(), seen: new Set() },
  evolve: (state, event) => ({ keys: new Map(state.keys).set(event.data.key, state.keys.size), seen: new Set(state.seen).add(event.data.key) }),
  decide: (command, state) => (state.keys.has(command.key) ? [] : [{ type: 'Added', data: { key: command.key } }]),
};
const added = (key: string): Added => ({ type: 'Added', data: { key } });

describe('the given/when/then helper', () => {
  it('passes a decider that returns new states', () => {
    specFor(immutable)([added('a')])
      .when({ type: 'Add', key: 'b' })
      .then([added('b')]);
    specFor(immutable)([added('a')])
      .when({ type: 'Add', key: 'a' })
      .then([]);
  });

  it('fails a spec whose evolve changes a Map of the state in place', () => {
    const inPlace: Decider<Keys, Add, Added> = { ...immutable, evolve: (state, event) => (state.keys.set(event.data.key, 0), state) };
    expect(() =>
      specFor(inPlace)([added('a')])
        .when({ type: 'Add', key: 'b' })
        .then([added('b')]),
    ).toThrow(TypeError);
  });

  it('fails a spec whose evolve changes a Set in place for the decided events only', () => {
    const inPlace: Decider<Keys, Add, Added> = {
      ...immutable,
      evolve: (state, event) => (state.seen.size > 0 ? (state.seen.add(event.data.key), state) : immutable.evolve(state, event)),
    };
    expect(() =>
      specFor(inPlace)([added('a')])
        .when({ type: 'Add', key: 'b' })
        .then([added('b')]),
    ).toThrow(/never changed in place/);
  });

  it('fails a spec whose decide changes the state it was given', () => {
    const sneaky: Decider<Keys, Add, Added> = { ...immutable, decide: (command, state) => (state.keys.delete(command.key), [added(command.key)]) };
    expect(() =>
      specFor(sneaky)([added('a')])
        .when({ type: 'Add', key: 'a' })
        .then([added('a')]),
    ).toThrow(TypeError);
  });
});
