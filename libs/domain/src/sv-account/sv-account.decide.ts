import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { SvAccountDetails, SvAccountEvent, SvBooking, SvInterestRateSet } from './sv-account.events';

export interface SvAccountState {
  opened: boolean;
  bookings: Map<string, SvBooking>;
}

export type OpenSvAccount = { type: 'OpenSvAccount'; accountId: string; companyNo: number; kontonr: string; details: SvAccountDetails };
export type ChangeSvAccount = { type: 'ChangeSvAccount'; changes: Partial<SvAccountDetails> };
/** `legacyIds`: a booking's id under an earlier statement key (new id → old id), so bookings imported before are known. */
export type ImportSvStatement = { type: 'ImportSvStatement'; importId: string; fileName: string; bookings: SvBooking[]; legacyIds?: Readonly<Record<string, string>> };
export type RecordSvBooking = { type: 'RecordSvBooking'; booking: SvBooking };
export type CorrectSvBooking = { type: 'CorrectSvBooking'; bookingId: string; changes: Partial<Omit<SvBooking, 'id'>>; reason: string };
export type SvAccountCommand = OpenSvAccount | ChangeSvAccount | ImportSvStatement | RecordSvBooking | CorrectSvBooking;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const cents = (n: number) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export function checkBooking(b: Omit<SvBooking, 'id'>, today: string): void {
  if (!DATE.test(b.bookingDate) || Number.isNaN(Date.parse(b.bookingDate))) throw invalid('A booking date is YYYY-MM-DD.');
  if (b.bookingDate > today) throw invalid('A booking date cannot be in the future.');
  if (b.valueDate !== null && (!DATE.test(b.valueDate) || Number.isNaN(Date.parse(b.valueDate)))) throw invalid('A value date is YYYY-MM-DD.');
  if (b.period !== null && !PERIOD.test(b.period)) throw invalid('A contribution period is YYYY-MM.');
  if (!Number.isFinite(b.debit) || !Number.isFinite(b.credit) || b.debit < 0 || b.credit < 0) throw invalid('Debit and credit are amounts of zero or more.');
  if (!cents(b.debit) || !cents(b.credit)) throw invalid('Amounts have at most two decimals.');
  if ((b.debit > 0) === (b.credit > 0)) throw invalid('A booking is either a debit or a credit.');
  if (!['', 'MA', 'EX', 'RV', 'I'].includes(b.state)) throw invalid('The booking state is MA, EX, RV, I or none.');
  if (b.text.trim() === '' || b.text.length > 200) throw invalid('A booking text has 1 to 200 characters.');
}

function checkDetails(d: Partial<SvAccountDetails>): void {
  if (d.kind !== undefined && d.kind !== 'OEGK' && d.kind !== 'SVS') throw invalid('The account is an ÖGK (OEGK) or SVS account.');
  if (d.rateOverride !== undefined && d.rateOverride !== null && (!Number.isFinite(d.rateOverride) || d.rateOverride < 0 || d.rateOverride > 30)) throw invalid('An interest rate is between 0 and 30 percent.');
  if (d.sepa) {
    if (!d.sepa.mandateReference.trim() || d.sepa.mandateReference.length > 35) throw invalid('A mandate reference has 1 to 35 characters.');
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(d.sepa.debtorIban)) throw invalid('The debtor IBAN is not an IBAN.');
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(d.sepa.creditorId)) throw invalid('The creditor id is not a SEPA creditor identifier.');
    if (!DATE.test(d.sepa.signatureDate)) throw invalid('The mandate signature date is YYYY-MM-DD.');
    if (!d.sepa.debtorName.trim()) throw invalid('The mandate needs the debtor name.');
  }
}

export function evolveSvAccount(state: SvAccountState, event: SvAccountEvent): SvAccountState {
  switch (event.type) {
    case 'SvAccountOpened':
      return { ...state, opened: true };
    case 'SvAccountChanged':
      return state;
    case 'SvStatementImported': {
      const bookings = new Map(state.bookings);
      for (const b of event.data.bookings) bookings.set(b.id, b);
      return { ...state, bookings };
    }
    case 'SvBookingRecorded':
      return { ...state, bookings: new Map(state.bookings).set(event.data.booking.id, event.data.booking) };
    case 'SvBookingCorrected': {
      const current = state.bookings.get(event.data.bookingId);
      if (!current) return state;
      return { ...state, bookings: new Map(state.bookings).set(current.id, { ...current, ...event.data.changes }) };
    }
  }
}

/** One contribution account: opened once, details changed, statements imported idempotently, bookings recorded and corrected. */
export const svAccountDecider: Decider<SvAccountState, SvAccountCommand, SvAccountEvent> = {
  initialState: { opened: false, bookings: new Map() },
  evolve: evolveSvAccount,
  decide(command, state, context) {
    const today = context.now.slice(0, 10);
    if (command.type !== 'OpenSvAccount' && !state.opened) throw notFound('The contribution account does not exist.');
    switch (command.type) {
      case 'OpenSvAccount':
        if (state.opened) throw conflict(`Account ${command.kontonr} already exists.`);
        if (!/^\d{1,12}$/.test(command.kontonr)) throw invalid('An account number has 1 to 12 digits.');
        checkDetails(command.details);
        return [{ type: 'SvAccountOpened', data: { accountId: command.accountId, companyNo: command.companyNo, kontonr: command.kontonr, details: command.details } }];
      case 'ChangeSvAccount':
        checkDetails(command.changes);
        return Object.keys(command.changes).length ? [{ type: 'SvAccountChanged', data: { changes: command.changes } }] : [];
      case 'ImportSvStatement': {
        command.bookings.forEach((b) => checkBooking(b, today));
        const known = (b: SvBooking) => state.bookings.get(b.id) ?? state.bookings.get(command.legacyIds?.[b.id] ?? '');
        const fresh = command.bookings.filter((b) => !known(b));
        // A booking the account has, now in another state (reminded, enforced, ...): a correction with the file as reason.
        const changed = command.bookings.flatMap((b): SvAccountEvent[] => {
          const existing = known(b);
          if (!existing || existing.state === b.state) return [];
          return [{ type: 'SvBookingCorrected', data: { bookingId: existing.id, changes: { state: b.state }, reason: `${command.fileName}: ${existing.state || '–'} → ${b.state || '–'}` } }];
        });
        return [{ type: 'SvStatementImported', data: { importId: command.importId, fileName: command.fileName, bookings: fresh, skipped: command.bookings.length - fresh.length } }, ...changed];
      }
      case 'RecordSvBooking':
        if (state.bookings.has(command.booking.id)) throw conflict(`Booking ${command.booking.id} is already recorded.`);
        checkBooking(command.booking, today);
        return [{ type: 'SvBookingRecorded', data: { booking: command.booking } }];
      case 'CorrectSvBooking': {
        const current = state.bookings.get(command.bookingId);
        if (!current) throw notFound(`Booking ${command.bookingId} does not exist.`);
        if (command.reason.trim() === '') throw invalid('A correction needs a reason.');
        checkBooking({ ...current, ...command.changes }, today);
        return [{ type: 'SvBookingCorrected', data: { bookingId: command.bookingId, changes: command.changes, reason: command.reason.trim() } }];
      }
    }
  },
};

export type SetSvInterestRate = { type: 'SetSvInterestRate'; year: number; rate: number };

/** The yearly table of interest on arrears (base rate on 31 October + 4 points), edited by administrators. */
export const svRatesDecider: Decider<Map<number, number>, SetSvInterestRate, SvInterestRateSet> = {
  initialState: new Map(),
  evolve: (state, event) => new Map(state).set(event.data.year, event.data.rate),
  decide(command, state) {
    if (!Number.isInteger(command.year) || command.year < 2000 || command.year > 2100) throw invalid('The year is between 2000 and 2100.');
    if (!Number.isFinite(command.rate) || command.rate < 0 || command.rate > 30) throw invalid('An interest rate is between 0 and 30 percent.');
    if (state.get(command.year) === command.rate) return [];
    return [{ type: 'SvInterestRateSet', data: { year: command.year, rate: Math.round(command.rate * 10000) / 10000 } }];
  },
};
