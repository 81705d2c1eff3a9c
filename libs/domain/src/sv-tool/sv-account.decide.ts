import { SV_BOOKING_STATES, type SvBookingStateCode } from '@portal/contracts';
import { decisionDay, type Decider, type DecisionContext } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { SvAccountDetails, SvAccountEvent, SvBooking } from './sv-account.events';
import { evolveSvAccount, initialSvAccountState, type SvAccountState } from './sv-account.state';

export type OpenSvAccount = { type: 'OpenSvAccount'; accountId: string; companyNo: number; kontonr: string; details: SvAccountDetails };
export type ChangeSvAccount = { type: 'ChangeSvAccount'; changes: Partial<SvAccountDetails> };
/** `legacyIds`: a booking's id under an earlier statement key (new id → old id), so bookings imported before are known. */
export type ImportSvStatement = {
  type: 'ImportSvStatement';
  importId: string;
  fileName: string;
  bookings: SvBooking[];
  legacyIds?: Readonly<Record<string, string>>;
};
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
  if (b.debit > 0 === b.credit > 0) throw invalid('A booking is either a debit or a credit.');
  if (!(SV_BOOKING_STATES as readonly SvBookingStateCode[]).includes(b.state)) throw invalid('The booking state is MA, EX, RV, I or none.');
  if (b.text.trim() === '' || b.text.length > 200) throw invalid('A booking text has 1 to 200 characters.');
}

function checkDetails(d: Partial<SvAccountDetails>): void {
  if (d.kind !== undefined && d.kind !== 'OEGK' && d.kind !== 'SVS') throw invalid('The account is an ÖGK (OEGK) or SVS account.');
  if (d.rateOverride !== undefined && d.rateOverride !== null && (!Number.isFinite(d.rateOverride) || d.rateOverride < 0 || d.rateOverride > 30))
    throw invalid('An interest rate is between 0 and 30 percent.');
  if (d.sepa) {
    if (!d.sepa.mandateReference.trim() || d.sepa.mandateReference.length > 35) throw invalid('A mandate reference has 1 to 35 characters.');
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(d.sepa.debtorIban)) throw invalid('The debtor IBAN is not an IBAN.');
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(d.sepa.creditorId)) throw invalid('The creditor id is not a SEPA creditor identifier.');
    if (!DATE.test(d.sepa.signatureDate)) throw invalid('The mandate signature date is YYYY-MM-DD.');
    if (!d.sepa.debtorName.trim()) throw invalid('The mandate needs the debtor name.');
  }
}

const today = decisionDay;

function open(command: OpenSvAccount, state: SvAccountState): SvAccountEvent[] {
  if (state.opened) throw conflict(`Account ${command.kontonr} already exists.`);
  if (!/^\d{1,12}$/.test(command.kontonr)) throw invalid('An account number has 1 to 12 digits.');
  checkDetails(command.details);
  return [
    { type: 'SvAccountOpened', data: { accountId: command.accountId, companyNo: command.companyNo, kontonr: command.kontonr, details: command.details } },
  ];
}

function change(command: ChangeSvAccount): SvAccountEvent[] {
  checkDetails(command.changes);
  return Object.keys(command.changes).length ? [{ type: 'SvAccountChanged', data: { changes: command.changes } }] : [];
}

/** Only the bookings new to the account; a known booking in another state is corrected, with the file as reason. */
function importStatement(command: ImportSvStatement, state: SvAccountState, context: DecisionContext): SvAccountEvent[] {
  command.bookings.forEach((b) => checkBooking(b, today(context)));
  const known = (b: SvBooking) => state.bookings.get(b.id) ?? state.bookings.get(command.legacyIds?.[b.id] ?? '');
  const fresh = command.bookings.filter((b) => !known(b));
  // A booking the account has, now in another state (reminded, enforced, ...): a correction with the file as reason.
  const changed = command.bookings.flatMap((b): SvAccountEvent[] => {
    const existing = known(b);
    if (!existing || existing.state === b.state) return [];
    return [
      {
        type: 'SvBookingCorrected',
        data: { bookingId: existing.id, changes: { state: b.state }, reason: `${command.fileName}: ${existing.state || '–'} → ${b.state || '–'}` },
      },
    ];
  });
  return [
    {
      type: 'SvStatementImported',
      data: { importId: command.importId, fileName: command.fileName, bookings: fresh, skipped: command.bookings.length - fresh.length },
    },
    ...changed,
  ];
}

function record(command: RecordSvBooking, state: SvAccountState, context: DecisionContext): SvAccountEvent[] {
  if (state.bookings.has(command.booking.id)) throw conflict(`Booking ${command.booking.id} is already recorded.`);
  checkBooking(command.booking, today(context));
  return [{ type: 'SvBookingRecorded', data: { booking: command.booking } }];
}

function correct(command: CorrectSvBooking, state: SvAccountState, context: DecisionContext): SvAccountEvent[] {
  const current = state.bookings.get(command.bookingId);
  if (!current) throw notFound(`Booking ${command.bookingId} does not exist.`);
  if (command.reason.trim() === '') throw invalid('A correction needs a reason.');
  checkBooking({ ...current, ...command.changes }, today(context));
  return [{ type: 'SvBookingCorrected', data: { bookingId: command.bookingId, changes: command.changes, reason: command.reason.trim() } }];
}

export function decideSvAccount(command: SvAccountCommand, state: SvAccountState, context: DecisionContext): SvAccountEvent[] {
  if (command.type !== 'OpenSvAccount' && !state.opened) throw notFound('The contribution account does not exist.');
  switch (command.type) {
    case 'OpenSvAccount':
      return open(command, state);
    case 'ChangeSvAccount':
      return change(command);
    case 'ImportSvStatement':
      return importStatement(command, state, context);
    case 'RecordSvBooking':
      return record(command, state, context);
    case 'CorrectSvBooking':
      return correct(command, state, context);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** One contribution account: opened once, details changed, statements imported idempotently, bookings recorded and corrected. */
export const svAccountDecider: Decider<SvAccountState, SvAccountCommand, SvAccountEvent> = {
  initialState: initialSvAccountState,
  evolve: evolveSvAccount,
  decide: decideSvAccount,
};
