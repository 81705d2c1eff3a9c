import type { IntakeChannel, ScannerTarget } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';
import type { FilingCategory } from '../documents/document.events';

export interface ScannerSettings {
  name: string;
  location: string;
  /** The client whose inbox (or documents) receive the scans; one of the assigned users' clients. */
  clientNo: number;
  assignedUsers: string[];
  target: ScannerTarget;
  /** The document group of documents that go straight to extraction. */
  category: FilingCategory;
}

export type ScannerRegistered = DomainEvent<'ScannerRegistered', { scannerId: string; settings: ScannerSettings; secretHash: string }>;
export type ScannerChanged = DomainEvent<'ScannerChanged', { settings: ScannerSettings; previous: ScannerSettings }>;
export type ScannerActivated = DomainEvent<'ScannerActivated', Record<string, never>>;
export type ScannerDeactivated = DomainEvent<'ScannerDeactivated', Record<string, never>>;
export type ScannerSecretRotated = DomainEvent<'ScannerSecretRotated', { secretHash: string }>;
/** A delivery came in over a channel (last seen); `files` were taken, `refused` were not. */
export type ScannerSeen = DomainEvent<'ScannerSeen', { channel: IntakeChannel; files: number; refused: number }>;
/** A delivery or one of its files was refused (deactivated, wrong secret, not a document...): for the error view. */
export type ScannerDeliveryRefused = DomainEvent<'ScannerDeliveryRefused', { channel: IntakeChannel; reason: string; fileName: string | null }>;
export type ScannerRemoved = DomainEvent<'ScannerRemoved', Record<string, never>>;

export type ScannerEvent =
  ScannerRegistered | ScannerChanged | ScannerActivated | ScannerDeactivated | ScannerSecretRotated | ScannerSeen | ScannerDeliveryRefused | ScannerRemoved;

export const SCANNER_EVENT_TYPES = [
  'ScannerRegistered',
  'ScannerChanged',
  'ScannerActivated',
  'ScannerDeactivated',
  'ScannerSecretRotated',
  'ScannerSeen',
  'ScannerDeliveryRefused',
  'ScannerRemoved',
] as const satisfies readonly ScannerEvent['type'][];

export const scannerStreamId = (scannerId: string) => `scanner-${scannerId}`;

/** Scanner ids appear in e-mail addresses (scan+<id>@…) and folder names (consume/<id>/). */
export const SCANNER_ID = /^[a-z0-9][a-z0-9-]{2,39}$/;
