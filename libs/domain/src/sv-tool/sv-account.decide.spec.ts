import { specFor } from '../../test/given-when-then';
import { svAccountDecider } from './sv-account.decide';
import type { SvAccountDetails, SvAccountEvent, SvBooking } from './sv-account.events';

const given = specFor(svAccountDecider);
const details: SvAccountDetails = {
  ntcsId: 'N-1',
  kanzleiId: 'K-1',
  kassaMandant: 'OEGK-W',
  responsible: 'Anna Berger',
  rateOverride: null,
  sepa: null,
  pension: { insuranceNumber: null, pensionType: null, since: null },
  partner: { name: null, insuranceNumber: null, relation: null },
  powerOfAttorney: { holder: null, grantedOn: null, validUntil: null, scope: null },
};
const opened: SvAccountEvent = { type: 'SvAccountOpened', data: { accountId: 'a1', companyNo: 1001, kontonr: '123456', details } };
const booking = (id: string, over: Partial<SvBooking> = {}): SvBooking => ({
  id,
  bookingDate: '2025-12-31',
  valueDate: null,
  text: 'Beiträge',
  period: '2025-12',
  debit: 100,
  credit: 0,
  state: '',
  ...over,
});

describe('SV account: statements, bookings and corrections', () => {
  it('opens an account once', () => {
    given([]).when({ type: 'OpenSvAccount', accountId: 'a1', companyNo: 1001, kontonr: '123456', details }).then([opened]);
    given([opened]).when({ type: 'OpenSvAccount', accountId: 'a1', companyNo: 1001, kontonr: '123456', details }).thenThrows('already exists');
  });

  it('imports only bookings it does not have yet (idempotent re-import)', () => {
    const first: SvAccountEvent = { type: 'SvStatementImported', data: { importId: 'i1', fileName: 'a.csv', bookings: [booking('b1')], skipped: 0 } };
    given([opened, first])
      .when({ type: 'ImportSvStatement', importId: 'i2', fileName: 'a.csv', bookings: [booking('b1'), booking('b2', { credit: 100, debit: 0 })] })
      .then([{ type: 'SvStatementImported', data: { importId: 'i2', fileName: 'a.csv', bookings: [booking('b2', { credit: 100, debit: 0 })], skipped: 1 } }]);
  });

  it('records a booking a later statement shows in another state as a state correction, not a second booking', () => {
    const first: SvAccountEvent = { type: 'SvStatementImported', data: { importId: 'i1', fileName: 'jan.csv', bookings: [booking('b1')], skipped: 0 } };
    given([opened, first])
      .when({ type: 'ImportSvStatement', importId: 'i2', fileName: 'feb.csv', bookings: [booking('b1', { state: 'EX' })] })
      .then([
        { type: 'SvStatementImported', data: { importId: 'i2', fileName: 'feb.csv', bookings: [], skipped: 1 } },
        { type: 'SvBookingCorrected', data: { bookingId: 'b1', changes: { state: 'EX' }, reason: 'feb.csv: – → EX' } },
      ]);
  });

  it('knows a booking imported under its earlier key', () => {
    const first: SvAccountEvent = {
      type: 'SvStatementImported',
      data: { importId: 'i1', fileName: 'jan.csv', bookings: [booking('old-key', { state: 'MA' })], skipped: 0 },
    };
    given([opened, first])
      .when({
        type: 'ImportSvStatement',
        importId: 'i2',
        fileName: 'jan.csv',
        bookings: [booking('new-key', { state: 'MA' })],
        legacyIds: { 'new-key': 'old-key' },
      })
      .then([{ type: 'SvStatementImported', data: { importId: 'i2', fileName: 'jan.csv', bookings: [], skipped: 1 } }]);
  });

  it('refuses an account kind other than ÖGK or SVS', () => {
    given([opened])
      .when({ type: 'ChangeSvAccount', changes: { kind: 'GKK' as 'SVS' } })
      .thenThrows('ÖGK (OEGK) or SVS');
  });

  it('refuses a booking that is both debit and credit, in the future, or without text', () => {
    given([opened])
      .when({ type: 'RecordSvBooking', booking: booking('m1', { credit: 5 }) })
      .thenThrows('either a debit or a credit');
    given([opened])
      .when({ type: 'RecordSvBooking', booking: booking('m1', { bookingDate: '2099-01-01' }) })
      .thenThrows('future');
    given([opened])
      .when({ type: 'RecordSvBooking', booking: booking('m1', { text: ' ' }) })
      .thenThrows('booking text');
  });

  it("checks booking dates against today in the firm's calendar when the caller gives it, not UTC's", () => {
    const lateEvening = specFor(svAccountDecider, { now: '2026-01-15T23:30:00.000Z', userId: 'user-1', today: '2026-01-16' });
    lateEvening([opened])
      .when({ type: 'RecordSvBooking', booking: booking('m1', { bookingDate: '2026-01-16' }) })
      .then([{ type: 'SvBookingRecorded', data: { booking: booking('m1', { bookingDate: '2026-01-16' }) } }]);
    lateEvening([opened])
      .when({ type: 'RecordSvBooking', booking: booking('m1', { bookingDate: '2026-01-17' }) })
      .thenThrows('future');
  });

  it('corrects a booking with a reason, refuses one without', () => {
    const recorded: SvAccountEvent = { type: 'SvBookingRecorded', data: { booking: booking('m1') } };
    given([opened, recorded])
      .when({ type: 'CorrectSvBooking', bookingId: 'm1', changes: { debit: 120 }, reason: ' Tippfehler ' })
      .then([{ type: 'SvBookingCorrected', data: { bookingId: 'm1', changes: { debit: 120 }, reason: 'Tippfehler' } }]);
    given([opened, recorded])
      .when({ type: 'CorrectSvBooking', bookingId: 'm1', changes: { debit: 120 }, reason: '' })
      .thenThrows('needs a reason');
  });

  it('needs an opened account', () => {
    given([])
      .when({ type: 'RecordSvBooking', booking: booking('m1') })
      .thenThrows('does not exist');
  });
});
