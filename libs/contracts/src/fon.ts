/**
 * FON monitoring (`/fon-monitoring`, adm): the tax-office quota of § 134a BAO / QuRV (BGBl. II 370/2023)
 * per firm (Kanzlei), tax office and tax year; conflicts between FinanzOnline (FON) and the firm's accounting
 * system (BMD NTCS); cash registers (RKSV); FON users and firms.
 */

/** Item states of spec §4. */
export const FON_ITEM_STATES = ['open', 'submitted', 'not_relevant', 'data_conflict', 'no_ntcs_record', 'resolved_manually'] as const;
export type FonItemState = (typeof FON_ITEM_STATES)[number];

/** Conflict kinds of spec §4: no NTCS record; NTCS holds a wrong value (fix it in NTCS); FON holds a wrong value (fix it in FinanzOnline). */
export const FON_CONFLICT_KINDS = ['no_ntcs_record', 'ntcs_mismatch', 'fon_mismatch'] as const;
export type FonConflictKind = (typeof FON_CONFLICT_KINDS)[number];

/**
 * Return types (quotenArt) counted for the quota (QuRV § 1): income tax, corporate tax, VAT, § 188
 * determinations (with business income: the sub-quota), motor-vehicle tax, energy levies.
 */
export const FON_RETURN_TYPES = ['ESt', 'KSt', 'USt', 'FSt', 'KfzSt', 'EnAb'] as const;
export type FonReturnType = (typeof FON_RETURN_TYPES)[number];

/** One deadline of the quota: cumulative share of the registered returns due by a date. */
export interface QuotaDeadline {
  /** 1 to 5 (main quota) or 1 to 2 (business-income sub-quota). */
  step: number;
  date: string;
  /** Percent. */
  target: number;
  /** Returns needed by the date (target of the base, rounded up). */
  required: number;
  /** Filed by the date (or by today for a coming deadline). */
  filed: number;
  still_needed: number;
  /** Days from today to the date (negative once passed). */
  days_left: number;
  /** Filed by the date at today's pace, for a coming deadline. */
  projected: number;
  projected_shortfall: number;
  /** met: reached; on_track: the pace reaches it; at_risk: the pace does not; missed: passed below target. */
  state: 'met' | 'on_track' | 'at_risk' | 'missed';
}

/** 'at_risk': no deadline missed yet, but one ahead would be missed at today's pace. */
export type QuotaWarning = 'none' | 'at_risk' | 'warning' | 'recall_threatened' | 'recall';

/** The quota figures of one tax office and tax year as of a day: what the domain's quota rules compute. */
export interface QuotaFigures {
  /** Registered, counted returns (base). */
  base: number;
  filed: number;
  /** Filed share of the base in percent (one decimal). */
  filed_percent: number;
  deadlines: QuotaDeadline[];
  /** Business-income determinations (§ 188 with business income): 50 % by 30 Nov, 100 % by 31 Jan. */
  business_income: { base: number; filed: number; deadlines: QuotaDeadline[] };
  next_deadline: QuotaDeadline | null;
  misses: number;
  warning: QuotaWarning;
  /** With the warning 'at_risk': the first deadline ahead (main or business income) the pace so far would miss; else null. */
  at_risk_date: string | null;
  /** Below 100 % at the last deadline and fewer than four misses in a row: one extension to 30 June may be asked for. */
  extension_possible: boolean;
  extension_date: string;
  /** Filed percent per day since the first filing, for the chart: [date, percent]. */
  series: Array<[string, number]>;
}

/** The quota of one tax office of a firm for one tax year (fon-quota-items find { view: 'quota' }). */
export interface QuotaSummary extends QuotaFigures {
  id: string;
  firm_id: string;
  tax_office: string;
  tax_office_name: string;
  tax_year: number;
  /** The day the quota is counted as of (YYYY-MM-DD): the asked day, or today in the firm's time zone. */
  as_of: string;
  computed_at: string;
}

/** fon-quota-items: one return of one client tax number in the quota (spec §3 columns). */
export interface FonQuotaItem {
  id: string;
  firm_id: string;
  tax_office: string;
  tax_year: number;
  status: FonItemState;
  name: string;
  taxId: string;
  ntcsPersNr: string | null;
  abgabedatum: string | null;
  eingangsDatum: string | null;
  quotenArt: FonReturnType;
  business_income: boolean;
  /** Responsible employee (from the responsibility view when present, else NTCS). */
  zustMa: string | null;
  /** Cash registers of the tax number: count and the worst state. */
  regKassa: { count: number; worst: CashRegisterState | null } | null;
  conflict_kind: FonConflictKind | null;
  registered: boolean;
  /** Registered for the quota after 30 June Y+1 (YYYY-MM-DD): counted from the deadline after this day; null when in time or not said. */
  registered_late_on: string | null;
  not_relevant_remark: string | null;
  /** The portal's client company the NTCS record names (its responsible person comes from the responsibility view). */
  client_no: number | null;
  updated_at: string;
  revision: number;
}

/** What the filters of the items tab offer for one firm and tax year (fon-quota-items find { view: 'facets' }). */
export interface FonItemFacets {
  tax_offices: Array<{ code: string; name: string; items: number }>;
  /** Responsible employees with their item counts (null: none named). */
  employees: Array<{ name: string | null; items: number }>;
  statuses: Partial<Record<FonItemState, number>>;
  conflict_kinds: Partial<Record<FonConflictKind, number>>;
  items: number;
}

export type FonConflictStatus = 'open' | 'closed' | 'resolved_manually';

/** fon-conflicts: a disagreement between FinanzOnline and NTCS, with both values side by side. */
export interface FonConflict {
  id: string;
  item_id: string;
  firm_id: string;
  tax_office: string;
  tax_year: number;
  taxId: string;
  name: string;
  quotenArt: FonReturnType;
  kind: FonConflictKind;
  field: string;
  fon_value: string | null;
  ntcs_value: string | null;
  status: FonConflictStatus;
  opened_at: string;
  closed_at: string | null;
  remark: string | null;
  resolved_by: string | null;
  revision: number;
}

/** RKSV register states (FinanzOnline rkdb: REGISTRIERT, AKTIVIERT, IN_BETRIEB, AUSFALL) as spec §3's five. */
export const CASH_REGISTER_STATES = ['in_operation', 'out_of_operation', 'registered', 'failure', 'no_permission'] as const;
export type CashRegisterState = (typeof CASH_REGISTER_STATES)[number];
export const RKSV_STATUS_MAP: Record<string, CashRegisterState> = {
  REGISTRIERT: 'registered',
  AKTIVIERT: 'in_operation',
  IN_BETRIEB: 'in_operation',
  AUSFALL: 'failure',
  AUSSER_BETRIEB: 'out_of_operation',
  KEINE_BERECHTIGUNG: 'no_permission',
};

/** cash-registers: one RKSV register of a client. */
export interface CashRegister {
  id: string;
  firm_id: string;
  client_no: number | null;
  taxId: string;
  name: string;
  regKassaId: string;
  status: CashRegisterState;
  status_time: string;
  registered_date: string;
  /** A failure lasting over 48 hours must be reported within a week (RKSV). */
  outage_over_48h: boolean;
  outage_report_due: string | null;
  /** The annual receipt of last year must be checked by 15 February. */
  annual_receipt_checked_year: number | null;
  annual_receipt_due: boolean;
  annual_receipt_overdue: boolean;
  revision: number;
  updated_at: string;
}

export const FON_USER_TYPES = ['webservice', 'file'] as const;
export type FonUserType = (typeof FON_USER_TYPES)[number];

/** fon-users: a FinanzOnline access of a firm for a quota year; the PIN is encrypted at rest and never sent back. */
export interface FonUser {
  id: string;
  firm_id: string;
  name: string;
  quota_year: number;
  type: FonUserType;
  /** Teilnehmer-ID and Benutzer-ID of the FinanzOnline web-service user. */
  tid: number | null;
  benid: string | null;
  pin_set: boolean;
  revision: number;
  updated_at: string;
}

/** fon-firms: a firm (Kanzlei); the WebEKU password is encrypted at rest and never sent back (`webeku_password_set`). */
export interface FonFirm {
  id: string;
  name: string;
  ntcs_id: number;
  webeku_user: string | null;
  webeku_password_set: boolean;
  revision: number;
  created_at: string;
  updated_at: string;
}

export const FON_IMPORT_SOURCES = ['fon-file', 'fon-webservice', 'ntcs'] as const;
export type FonImportSource = (typeof FON_IMPORT_SOURCES)[number];
export type FonImportStatus = 'in progress' | 'done' | 'failed';

/** fon-imports: one import job (spec §4 "Import status: in progress, failed"). */
export interface FonImport {
  id: string;
  firm_id: string;
  fon_user_id: string | null;
  source: FonImportSource;
  tax_year: number;
  file_name: string | null;
  status: FonImportStatus;
  counts: { rows: number; items_new: number; items_changed: number; conflicts_opened: number; conflicts_closed: number; rejected: number } | null;
  /** Rows refused (line and reason), at most 100. */
  rejected_rows: Array<{ line: number; reason: string }>;
  reason: string | null;
  started_at: string;
  finished_at: string | null;
  started_by: string;
  revision: number;
}

/**
 * FON texts of spec §5 and 8: `key` is what the web translates, `message` the English text the server sends.
 */
export const FON_MESSAGES = {
  required: 'Required field',
  mustBeNumber: 'must be a number',
  deleteDuringImport: 'Deleting a FON user is blocked while an import runs.',
  importFailed: 'FON import failed (data may be stale)',
  calculationFailed: 'Calculation failed',
  remarkRequired: 'Required field',
} as const;
export type FonMessageKey = keyof typeof FON_MESSAGES;
