import type { ScannerEvent, ScannerSettings } from './scanner.events';

export type ScannerState =
  { status: 'none' } | { status: 'registered' | 'removed'; scannerId: string; settings: ScannerSettings; activated: boolean; secretHash: string };

export const initialScannerState: ScannerState = { status: 'none' };

export function evolveScanner(state: ScannerState, event: ScannerEvent): ScannerState {
  if (event.type === 'ScannerRegistered')
    return { status: 'registered', scannerId: event.data.scannerId, settings: event.data.settings, activated: true, secretHash: event.data.secretHash };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ScannerChanged':
      return { ...state, settings: event.data.settings };
    case 'ScannerActivated':
      return { ...state, activated: true };
    case 'ScannerDeactivated':
      return { ...state, activated: false };
    case 'ScannerSecretRotated':
      return { ...state, secretHash: event.data.secretHash };
    case 'ScannerRemoved':
      return { ...state, status: 'removed', activated: false };
    case 'ScannerSeen':
    case 'ScannerDeliveryRefused':
      return state;
  }
}
