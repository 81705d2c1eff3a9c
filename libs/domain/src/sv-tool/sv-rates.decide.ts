import type { Decider } from '../shared/decider';
import { invalid } from '../shared/domain-error';
import type { SvRatesEvent } from './sv-rates.events';
import { evolveSvRates, initialSvRatesState, type SvRatesState } from './sv-rates.state';

export type SetSvInterestRate = { type: 'SetSvInterestRate'; year: number; rate: number };
export type SvRatesCommand = SetSvInterestRate;

/** Nothing when the year has this rate already. */
function setRate(command: SetSvInterestRate, state: SvRatesState): SvRatesEvent[] {
  if (!Number.isInteger(command.year) || command.year < 2000 || command.year > 2100) throw invalid('The year is between 2000 and 2100.');
  if (!Number.isFinite(command.rate) || command.rate < 0 || command.rate > 30) throw invalid('An interest rate is between 0 and 30 percent.');
  if (state.get(command.year) === command.rate) return [];
  return [{ type: 'SvInterestRateSet', data: { year: command.year, rate: Math.round(command.rate * 10000) / 10000 } }];
}

export function decideSvRates(command: SvRatesCommand, state: SvRatesState): SvRatesEvent[] {
  switch (command.type) {
    case 'SetSvInterestRate':
      return setRate(command, state);
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

/** The yearly table of interest on arrears (base rate on 31 October + 4 points), edited by administrators. */
export const svRatesDecider: Decider<SvRatesState, SvRatesCommand, SvRatesEvent> = {
  initialState: initialSvRatesState,
  evolve: evolveSvRates,
  decide: (command, state) => decideSvRates(command, state),
};
