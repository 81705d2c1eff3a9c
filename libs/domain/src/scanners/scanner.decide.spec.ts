import { specFor } from '../../test/given-when-then';
import { scannerDecider } from './scanner.decide';
import type { ScannerEvent, ScannerSettings } from './scanner.events';

const spec = specFor(scannerDecider, { now: '2026-03-02T08:00:00.000Z', userId: 'admin' });
const settings: ScannerSettings = { name: 'Empfang', location: 'Erdgeschoss', clientNo: 1004, assignedUsers: ['u-clerk'], target: 'editor', category: 'ER_U' };
const registered: ScannerEvent = { type: 'ScannerRegistered', data: { scannerId: 'empfang-1', settings, secretHash: 'h1' } };

describe('scanner decider', () => {
  it('registers a scanner, activated, with the hash of its secret', () =>
    spec([])
      .when({
        type: 'RegisterScanner',
        scannerId: 'empfang-1',
        settings: { ...settings, name: ' Empfang ', assignedUsers: ['u-clerk', 'u-clerk'] },
        secretHash: 'h1',
      })
      .then([registered]));
  it('refuses an id unfit for addresses and folders, a missing name and an unknown document group', () => {
    spec([])
      .when({ type: 'RegisterScanner', scannerId: 'Empfang 1', settings, secretHash: 'h' })
      .thenThrows(/lowercase letters, digits or hyphens/);
    spec([])
      .when({ type: 'RegisterScanner', scannerId: 'abc', settings: { ...settings, name: ' ' }, secretHash: 'h' })
      .thenThrows('The scanner needs a name.');
    spec([])
      .when({ type: 'RegisterScanner', scannerId: 'abc', settings: { ...settings, category: 'XX' as never }, secretHash: 'h' })
      .thenThrows('Unknown document category XX.');
  });
  it('refuses a second scanner with the same id', () =>
    spec([registered])
      .when({ type: 'RegisterScanner', scannerId: 'empfang-1', settings, secretHash: 'h' })
      .thenThrows(/exists already/));
  it('changes settings, recording the previous ones, and nothing when unchanged', () => {
    spec([registered])
      .when({ type: 'ChangeScanner', settings: { ...settings, location: '1. Stock' } })
      .then([{ type: 'ScannerChanged', data: { settings: { ...settings, location: '1. Stock' }, previous: settings } }]);
    spec([registered]).when({ type: 'ChangeScanner', settings }).then([]);
  });
  it('deactivates and activates again', () => {
    spec([registered])
      .when({ type: 'SetScannerActivated', activated: false })
      .then([{ type: 'ScannerDeactivated', data: {} }]);
    spec([registered, { type: 'ScannerDeactivated', data: {} }])
      .when({ type: 'SetScannerActivated', activated: true })
      .then([{ type: 'ScannerActivated', data: {} }]);
    spec([registered]).when({ type: 'SetScannerActivated', activated: true }).then([]);
  });
  it('rotates the secret', () =>
    spec([registered])
      .when({ type: 'RotateScannerSecret', secretHash: 'h2' })
      .then([{ type: 'ScannerSecretRotated', data: { secretHash: 'h2' } }]));
  it('records a delivery as last seen, with each refused file for the error view', () =>
    spec([registered])
      .when({ type: 'RecordScannerDelivery', channel: 'email', files: 2, refused: [{ reason: 'The file is empty.', fileName: 'x.pdf' }] })
      .then([
        { type: 'ScannerSeen', data: { channel: 'email', files: 2, refused: 1 } },
        { type: 'ScannerDeliveryRefused', data: { channel: 'email', reason: 'The file is empty.', fileName: 'x.pdf' } },
      ]));
  it('records a refused delivery of a deactivated scanner, and nothing for an unknown one', () => {
    const deactivated: ScannerEvent = { type: 'ScannerDeactivated', data: {} };
    spec([registered, deactivated])
      .when({ type: 'RecordScannerRefusal', channel: 'folder', reason: 'The scanner is deactivated.', fileName: 'a.pdf' })
      .then([{ type: 'ScannerDeliveryRefused', data: { channel: 'folder', reason: 'The scanner is deactivated.', fileName: 'a.pdf' } }]);
    spec([]).when({ type: 'RecordScannerRefusal', channel: 'http', reason: 'x', fileName: null }).then([]);
  });
  it('removes a scanner; a removed scanner cannot change', () => {
    spec([registered])
      .when({ type: 'RemoveScanner' })
      .then([{ type: 'ScannerRemoved', data: {} }]);
    spec([registered, { type: 'ScannerRemoved', data: {} }])
      .when({ type: 'SetScannerActivated', activated: false })
      .thenThrows('No such scanner.');
  });
});
