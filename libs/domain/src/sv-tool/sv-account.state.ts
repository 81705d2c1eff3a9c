import { Map as PersistentMap } from 'immutable';
import type { SvAccountEvent, SvBooking } from './sv-account.events';

/** Bookings in a persistent map: an account collects bookings for years, and an event adds one without copying the others. */
export interface SvAccountState {
  opened: boolean;
  bookings: PersistentMap<string, SvBooking>;
}

export const initialSvAccountState: SvAccountState = { opened: false, bookings: PersistentMap() };

export function evolveSvAccount(state: SvAccountState, event: SvAccountEvent): SvAccountState {
  switch (event.type) {
    case 'SvAccountOpened':
      return { ...state, opened: true };
    case 'SvAccountChanged':
      return state;
    case 'SvStatementImported': {
      const { bookings } = event.data;
      return { ...state, bookings: state.bookings.withMutations((all) => void bookings.forEach((b) => all.set(b.id, b))) };
    }
    case 'SvBookingRecorded':
      return { ...state, bookings: state.bookings.set(event.data.booking.id, event.data.booking) };
    case 'SvBookingCorrected': {
      const current = state.bookings.get(event.data.bookingId);
      if (!current) return state;
      return { ...state, bookings: state.bookings.set(current.id, { ...current, ...event.data.changes }) };
    }
  }
}
