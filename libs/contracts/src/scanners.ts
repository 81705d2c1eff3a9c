import type { FilingCategoryCode } from './documents';
import type { IntakeChannel } from './editor';

/** Where a scanner's deliveries go: the document editor's inbox, or straight to extraction as documents. */
export type ScannerTarget = 'editor' | 'extraction';

/** scanners: one record per office scanner (spec 3: location, activated, last seen, assigned users). */
export interface ScannerRecord {
  /** Also the scanner's name in e-mail (scan+<id>@…), HTTP (/api/scanners/<id>/scans) and folder (consume/<id>/) addresses. */
  id: string;
  name: string;
  location: string;
  activated: boolean;
  last_seen: string | null;
  last_channel: IntakeChannel | null;
  /** User ids (keycloakId); their clients decide where scans may go. */
  assigned_users: string[];
  client_no: number;
  target: ScannerTarget;
  category: FilingCategoryCode;
  deliveries: number;
  refused: number;
  last_refusal: string | null;
  secret_set_at: string;
  created_at: string;
  updated_at: string;
  revision: number;
}

/** scanner_refusals: deliveries a scanner intake refused (deactivated, wrong secret, not a document...). */
export interface ScannerRefusalRecord {
  id: string;
  scanner_id: string;
  scanner_name: string;
  client_no: number;
  channel: IntakeChannel;
  reason: string;
  file_name: string | null;
  at: string;
}

export interface ScannerSettingsData {
  name: string;
  location: string;
  client_no: number;
  assigned_users: string[];
  target: ScannerTarget;
  category: FilingCategoryCode;
}

/** create and the rotateSecret patch answer the secret once; it is never shown again. */
export interface ScannerWithSecret extends ScannerRecord {
  secret: string;
}

export type ScannerPatch = Partial<ScannerSettingsData> | { activated: boolean } | { action: 'rotateSecret' };
