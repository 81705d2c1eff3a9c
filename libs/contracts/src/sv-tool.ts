/**
 * SV tool: social-insurance contribution accounts of the clients at the Austrian health insurer
 * (ÖGK, viewed and exported in WebEKU), their bookings, and the interest on arrears (§ 59 ASVG).
 */
import type { Versioned } from './read-models';

/** Booking states: MA reminded/dunned, EX enforced, RV instalment agreement, I insolvency claim; '' none. */
export const SV_BOOKING_STATES = ['', 'MA', 'EX', 'RV', 'I'] as const;
export type SvBookingStateCode = (typeof SV_BOOKING_STATES)[number];

export interface SvSepaMandate {
  mandate_reference: string;
  scheme: 'CORE' | 'B2B';
  sequence: 'RCUR' | 'OOFF';
  creditor_id: string;
  debtor_name: string;
  debtor_iban: string;
  signature_date: string;
}

export interface SvPension {
  insurance_number: string | null;
  pension_type: string | null;
  since: string | null;
}

export interface SvPartner {
  name: string | null;
  insurance_number: string | null;
  relation: string | null;
}

export interface SvPowerOfAttorney {
  holder: string | null;
  granted_on: string | null;
  valid_until: string | null;
  scope: string | null;
}

/** The stored account (spec entity) and what the service computes for today. */
/** ÖGK (employer, monthly contributions) or SVS (self-employed, quarterly). */
export type SvAccountKind = 'OEGK' | 'SVS';

export interface SvAccount extends Versioned {
  id: string;
  company_no: number;
  kontonr: string;
  kind: SvAccountKind;
  ntcs_id: string | null;
  kanzlei_id: string | null;
  kassa_mandant: string | null;
  responsible: string | null;
  /** An agreed rate for this account in percent; null follows the yearly table. */
  verzugszinsatz_pro_jahr: number | null;
  sepa: SvSepaMandate | null;
  pension: SvPension;
  partner: SvPartner;
  power_of_attorney: SvPowerOfAttorney;
  /** Latest booking state of the account's bookings. */
  state: SvBookingStateCode;
  state_since: string | null;
  transaction_count: number;
  updated_at: string;
  /** Computed as of `as_of`: debits minus credits (positive arrears, negative credit). */
  saldo: number;
  arrears: number;
  interest_to_date: number;
  to_pay_today: number;
  as_of: string;
  warnings: SvWarning[];
}

export interface SvWarning {
  kind: 'reminder-running-out' | 'reminder-expired' | 'enforcement' | 'instalments' | 'insolvency' | 'missing-rate';
  date: string | null;
  detail: string;
}

export interface SvTransaction extends Versioned {
  id: string;
  account_id: string;
  company_no: number;
  buchungsDatum: string;
  wertstellungsDatum: string | null;
  buchungstext: string;
  beitragszeitraum: string | null;
  soll: number;
  haben: number;
  buchungszustand: SvBookingStateCode;
  source: 'import' | 'manual';
  corrected: boolean;
  correction_reason: string | null;
  recorded_by: string;
  recorded_at: string;
}

export interface SvInterestRate extends Versioned {
  id: number;
  year: number;
  rate: number;
  set_by: string;
  set_at: string;
}

/** Figures of one account per contribution period (get sv-accounts/:id). */
export interface SvPeriodFigures {
  period: string;
  dueDate: string;
  onTimeUntil: string;
  charged: number;
  paid: number;
  open: number;
  interest: number;
  daysOverdue: number;
}

export interface SvAccountDetail extends SvAccount {
  periods: SvPeriodFigures[];
  balance_over_time: Array<{ date: string; balance: number }>;
  missing_rate_years: number[];
}

/** create sv-transactions: a statement import (CSV text, base64) or one manual booking. */
export type SvTransactionCreate =
  | { account_id: string; import: { file_name: string; content_base64: string } }
  | {
      account_id: string;
      entry: {
        buchungsDatum: string;
        wertstellungsDatum?: string | null;
        buchungstext: string;
        beitragszeitraum?: string | null;
        soll?: number;
        haben?: number;
        buchungszustand?: SvBookingStateCode;
      };
    };

/** Why a statement line (or the file) could not be read: a key the web translates (sv-tool.import.problems.*) and its values. */
export interface SvImportProblem {
  key:
    | 'empty'
    | 'missingColumns'
    | 'accountNumber'
    | 'bookingDate'
    | 'valueDate'
    | 'period'
    | 'debit'
    | 'credit'
    | 'negative'
    | 'noAmount'
    | 'state'
    | 'foreignAccount';
  params: Record<string, string>;
}

export interface SvImportError {
  line: number;
  /** The problems in English, for logs and API users. */
  message: string;
  problems: SvImportProblem[];
}

export interface SvImportResult {
  account_id: string;
  imported: number;
  skipped: number;
  errors: SvImportError[];
  encoding: string;
}
