import { scannerDecider, scannerStreamId, type ScannerSettings } from '@portal/domain';
import type { FeatureSeed } from '../../seed/feature-seeds';
import { hashScannerSecret, newScannerSecret } from './scanner-secret';

/** Three office scanners: the firm's reception, a client's own office, and the accounting scan station. */
export const DEMO_SCANNERS: { id: string; user: string; settings: Omit<ScannerSettings, 'assignedUsers'> }[] = [
  {
    id: 'empfang-kanzlei',
    user: 'clerk',
    settings: { name: 'Empfang Kanzlei', location: 'Huber & Partner, Erdgeschoss', clientNo: 1004, target: 'editor', category: 'ER_U' },
  },
  {
    id: 'alpenblick-buero',
    user: 'client1',
    settings: { name: 'Büro Alpenblick', location: 'Alpenblick Gastronomie, Innsbruck, Büro', clientNo: 1001, target: 'editor', category: 'ER_U' },
  },
  {
    id: 'buchhaltung-scan',
    user: 'accountant',
    settings: { name: 'Buchhaltung Scan-Station', location: 'Huber & Partner, 1. Stock', clientNo: 1002, target: 'extraction', category: 'ER_U' },
  },
];

/** Their secrets are random and not shown anywhere: an administrator rotates one to connect a device. */
export const seedDemoScanners: FeatureSeed = async ({ runtime, userIds, context }) => {
  for (const scanner of DEMO_SCANNERS) {
    await runtime.execute(
      scannerDecider,
      scannerStreamId(scanner.id),
      {
        type: 'RegisterScanner',
        scannerId: scanner.id,
        settings: { ...scanner.settings, assignedUsers: [userIds[scanner.user]!] },
        secretHash: hashScannerSecret(newScannerSecret()),
      },
      context(scanner.settings.clientNo, `scanner-${scanner.id}`),
    );
  }
};
