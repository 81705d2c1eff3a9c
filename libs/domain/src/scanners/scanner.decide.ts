import type { IntakeChannel } from '@portal/contracts';
import type { Decider, DecisionContext } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { FILING_CATEGORIES } from '../documents/document.events';
import { SCANNER_ID, type ScannerEvent, type ScannerSettings } from './scanner.events';
import { evolveScanner, initialScannerState, type ScannerState } from './scanner.state';

export type RegisterScanner = { type: 'RegisterScanner'; scannerId: string; settings: ScannerSettings; secretHash: string };
export type ChangeScanner = { type: 'ChangeScanner'; settings: ScannerSettings };
export type SetScannerActivated = { type: 'SetScannerActivated'; activated: boolean };
export type RotateScannerSecret = { type: 'RotateScannerSecret'; secretHash: string };
export type RecordScannerDelivery = {
  type: 'RecordScannerDelivery';
  channel: IntakeChannel;
  files: number;
  refused: { reason: string; fileName: string | null }[];
};
export type RecordScannerRefusal = { type: 'RecordScannerRefusal'; channel: IntakeChannel; reason: string; fileName: string | null };
export type RemoveScanner = { type: 'RemoveScanner' };

export type ScannerCommand =
  RegisterScanner | ChangeScanner | SetScannerActivated | RotateScannerSecret | RecordScannerDelivery | RecordScannerRefusal | RemoveScanner;

function existing(state: ScannerState) {
  if (state.status !== 'registered') throw notFound('No such scanner.');
  return state;
}

/** Settings as users type them: trimmed, required name, known document group, users listed once. */
export function checkedSettings(settings: ScannerSettings): ScannerSettings {
  const name = settings.name.trim();
  const location = settings.location.trim();
  if (name.length < 1) throw invalid('The scanner needs a name.');
  if (name.length > 100 || location.length > 200) throw invalid('Name (100) or location (200 characters) is too long.');
  if (!Number.isSafeInteger(settings.clientNo) || settings.clientNo < 1) throw invalid('Choose the client the scans go to.');
  if (!(settings.category in FILING_CATEGORIES)) throw invalid(`Unknown document category ${String(settings.category)}.`);
  if (settings.target !== 'editor' && settings.target !== 'extraction') throw invalid('Scans go to the document editor or straight to extraction.');
  return { ...settings, name, location, assignedUsers: [...new Set(settings.assignedUsers)] };
}

const same = (a: ScannerSettings, b: ScannerSettings) => JSON.stringify(a) === JSON.stringify(b);

function registerScanner(command: RegisterScanner, state: ScannerState): ScannerEvent[] {
  if (state.status !== 'none') throw conflict(`A scanner with the id ${command.scannerId} exists already.`);
  if (!SCANNER_ID.test(command.scannerId)) throw invalid('A scanner id has 3 to 40 lowercase letters, digits or hyphens.');
  return [{ type: 'ScannerRegistered', data: { scannerId: command.scannerId, settings: checkedSettings(command.settings), secretHash: command.secretHash } }];
}

function changeScanner(command: ChangeScanner, state: ScannerState): ScannerEvent[] {
  const scanner = existing(state);
  const settings = checkedSettings(command.settings);
  return same(settings, scanner.settings) ? [] : [{ type: 'ScannerChanged', data: { settings, previous: scanner.settings } }];
}

function setScannerActivated(command: SetScannerActivated, state: ScannerState): ScannerEvent[] {
  const scanner = existing(state);
  if (scanner.activated === command.activated) return [];
  return [command.activated ? { type: 'ScannerActivated', data: {} } : { type: 'ScannerDeactivated', data: {} }];
}

function recordScannerDelivery(command: RecordScannerDelivery, state: ScannerState): ScannerEvent[] {
  existing(state);
  return [
    { type: 'ScannerSeen', data: { channel: command.channel, files: command.files, refused: command.refused.length } },
    ...command.refused.map((r): ScannerEvent => ({
      type: 'ScannerDeliveryRefused',
      data: { channel: command.channel, reason: r.reason, fileName: r.fileName },
    })),
  ];
}

function recordScannerRefusal(command: RecordScannerRefusal, state: ScannerState): ScannerEvent[] {
  if (state.status === 'none') return [];
  return [{ type: 'ScannerDeliveryRefused', data: { channel: command.channel, reason: command.reason.slice(0, 500), fileName: command.fileName } }];
}

function rotateScannerSecret(command: RotateScannerSecret, state: ScannerState): ScannerEvent[] {
  existing(state);
  return [{ type: 'ScannerSecretRotated', data: { secretHash: command.secretHash } }];
}

function removeScanner(state: ScannerState): ScannerEvent[] {
  if (state.status === 'removed') return [];
  existing(state);
  return [{ type: 'ScannerRemoved', data: {} }];
}

export function decideScanner(command: ScannerCommand, state: ScannerState, _context: DecisionContext): ScannerEvent[] {
  switch (command.type) {
    case 'RegisterScanner':
      return registerScanner(command, state);
    case 'ChangeScanner':
      return changeScanner(command, state);
    case 'SetScannerActivated':
      return setScannerActivated(command, state);
    case 'RotateScannerSecret':
      return rotateScannerSecret(command, state);
    case 'RecordScannerDelivery':
      return recordScannerDelivery(command, state);
    case 'RecordScannerRefusal':
      return recordScannerRefusal(command, state);
    case 'RemoveScanner':
      return removeScanner(state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const scannerDecider: Decider<ScannerState, ScannerCommand, ScannerEvent> = {
  initialState: initialScannerState,
  evolve: evolveScanner,
  decide: decideScanner,
};
