import type { SvAccountKind, SvBookingStateCode } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export interface SvAccountDetails {
  /** Missing in accounts opened before the kind existed: ÖGK. */
  kind?: SvAccountKind;
  ntcsId: string | null;
  kanzleiId: string | null;
  kassaMandant: string | null;
  responsible: string | null;
  rateOverride: number | null;
  sepa: {
    mandateReference: string;
    scheme: 'CORE' | 'B2B';
    sequence: 'RCUR' | 'OOFF';
    creditorId: string;
    debtorName: string;
    debtorIban: string;
    signatureDate: string;
  } | null;
  pension: { insuranceNumber: string | null; pensionType: string | null; since: string | null };
  partner: { name: string | null; insuranceNumber: string | null; relation: string | null };
  powerOfAttorney: { holder: string | null; grantedOn: string | null; validUntil: string | null; scope: string | null };
}

export interface SvBooking {
  /** Stable id: the statement line's key for imports, a generated id for manual entries. */
  id: string;
  bookingDate: string;
  valueDate: string | null;
  text: string;
  period: string | null;
  debit: number;
  credit: number;
  state: SvBookingStateCode;
}

export type SvAccountOpened = DomainEvent<'SvAccountOpened', { accountId: string; companyNo: number; kontonr: string; details: SvAccountDetails }>;
export type SvAccountChanged = DomainEvent<'SvAccountChanged', { changes: Partial<SvAccountDetails> }>;
/** Only the bookings new to the account; `skipped` counts the ones it already had (idempotent re-import). */
export type SvStatementImported = DomainEvent<'SvStatementImported', { importId: string; fileName: string; bookings: SvBooking[]; skipped: number }>;
export type SvBookingRecorded = DomainEvent<'SvBookingRecorded', { booking: SvBooking }>;
export type SvBookingCorrected = DomainEvent<'SvBookingCorrected', { bookingId: string; changes: Partial<Omit<SvBooking, 'id'>>; reason: string }>;

export type SvAccountEvent = SvAccountOpened | SvAccountChanged | SvStatementImported | SvBookingRecorded | SvBookingCorrected;
export const SV_ACCOUNT_EVENT_TYPES = ['SvAccountOpened', 'SvAccountChanged', 'SvStatementImported', 'SvBookingRecorded', 'SvBookingCorrected'] as const;

export const svAccountStreamId = (accountId: string) => `sv-account-${accountId}`;
export const accountIdOfSvStream = (streamId: string) => streamId.replace(/^sv-account-/, '');
