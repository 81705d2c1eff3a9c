import { Map as PersistentMap } from 'immutable';
import type { SvRatesEvent } from './sv-rates.events';

/** The rate per year, in percent. */
export type SvRatesState = PersistentMap<number, number>;

export const initialSvRatesState: SvRatesState = PersistentMap();

export const evolveSvRates = (state: SvRatesState, event: SvRatesEvent): SvRatesState => state.set(event.data.year, event.data.rate);
