import type { AccountSystem } from './company-settings';
import type { Locale } from './user';

/** Every read-model record carries its stream revision, so a client can send it back as the expected revision. */
export interface Versioned {
  revision: number;
}

/** accounting-client: a client company (spec §3) with its live notification counts. */
export interface Company extends Versioned {
  id: number;
  company_no: number;
  company_name: string;
  company_place: string;
  current_accounting: number | null;
  notifications: { invoices: number; documents: number };
  /** The same counts of payroll documents: added to `notifications` for users with dpv, never sent to others. */
  payroll_notifications?: { invoices: number; documents: number };
  created_at: string;
  updated_at: string;
}

/** document-category: the category codes of spec §3. */
export interface DocumentCategory {
  id: number;
  code: string;
  name: { en: string; de: string };
  sort: number;
}

/** acc-periods: an accounting period (business year) of a client. */
export interface AccountingPeriod {
  id: string;
  client_no: number;
  accounting: number;
  start: string;
  end: string;
  current: boolean;
}

/** config: brand and backend configuration (spec §3, global state). */
export interface PortalConfig {
  id: 'portal';
  brandShort: string;
  brandName: string;
  /** The brand's primary colour (#rrggbb) for documents the portal writes; absent in configurations recorded before it existed. */
  brandPrimary?: string;
  slogan: Record<Locale, string>;
  docUrl: string;
  provider: string;
  defaultAccountSystem: AccountSystem;
  maxUploadBytes: number;
  /** The firm's time zone (IANA name) every time on screen and in files is written in; absent in configurations recorded before it existed (then Europe/Vienna). */
  timeZone?: string;
  /** The time zone an administrator chose on screen (then also `timeZone`); absent while the server's configured default applies. */
  firmTimeZone?: string;
  /** Whether scanners can deliver by e-mail (the scan intake's SMTP listener runs); absent in configurations recorded before it existed (then not). */
  scanMail?: boolean;
}

/** version: the semver of the running build plus the commit distance. */
export interface VersionInfo {
  id: 'version';
  major: number;
  minor: number;
  patch: number;
  distance: number;
  build: string;
  /** The engine this server reads scans with, for people: e.g. `tesseract 5.3.0 (native), deu+eng`. */
  ocrEngine?: string;
}

/** Handed out unauthenticated at GET /api/bootstrap: what the login client needs before it can log in (no version: that is for signed-in users). */
export interface BootstrapConfig {
  oidc: { issuer: string; clientId: string; kind: 'embedded' | 'keycloak'; realm?: string; url?: string };
  brandShort: string;
  /** Demo mode: demo users with well-known passwords exist; the web client shows a "Demo" marker. */
  demo: boolean;
}

/** responsibilities: who is responsible for a client company (id = client_no), with deputies. */
export interface Responsibility extends Versioned {
  id: number;
  client_no: number;
  responsible_id: string;
  responsible_name: string;
  deputies: Array<{ id: string; name: string }>;
  updated_at: string;
}

/** firm-overview: the figures a partner scans every morning, per client company. */
export interface FirmOverviewRow {
  id: number;
  client_no: number;
  company_name: string;
  company_place: string;
  unconfirmed: number;
  unbooked: number;
  overdue_receivables: number;
  overdue_receivables_count: number;
  overdue_payables: number;
  overdue_payables_count: number;
  /** Documents uploaded this month whose e-invoice breaks the EN 16931 / XRechnung rules. */
  invalid_einvoices: number;
  last_upload: string | null;
  last_export: string | null;
  last_export_status: string | null;
  responsible_id: string | null;
  responsible_name: string | null;
}
