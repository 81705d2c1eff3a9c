export { scannerDecider, checkedSettings } from './scanner.decide';
export type { ScannerCommand } from './scanner.decide';
export { scannerStreamId, SCANNER_EVENT_TYPES, SCANNER_ID } from './scanner.events';
export type { ScannerEvent, ScannerSettings } from './scanner.events';
export type { ScannerState } from './scanner.state';
