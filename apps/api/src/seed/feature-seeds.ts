import type { BlobStore } from '@portal/blob-store';
import type { CommandContext, CommandRuntime } from '@portal/commands';
import type { SealedSecret } from '@portal/domain';
import type { DEMO_COMPANIES } from './demo-data';
import { seedDemoSettings } from '../features/companies/demo-settings';
import { seedDemoOpenItems } from '../features/open-items/demo-open-items';
import { seedDemoResponsibility } from '../features/responsibility/demo-responsibility';
import { seedDemoSvTool } from '../features/sv-tool/demo-sv-tool';
import { seedDemoUserAdmin } from '../features/user-admin/demo-user-admin';
import type { UserAccounts } from '../features/users/user-accounts';
import { seedDemoEditor } from '../features/editor/demo-editor';
import { seedDemoScanners } from '../features/scanners/demo-scanners';
import { seedDemoBanking } from '../features/banking/demo-banking';
import { seedDemoAddresses } from '../features/addresses/demo-addresses';
import { seedDemoRpaErrors } from '../features/rpa-errors/demo-rpa-errors';
import { seedDemoFon } from '../features/fon/demo-fon';
import { seedDemoLabels } from '../features/documents/demo-labels';
import { seedDemoPayroll } from '../features/documents/demo-payroll';

/** What a feature's demo seed gets: it issues commands exactly as users would, on the first start only. */
export interface SeedContext {
  runtime: CommandRuntime;
  blobs: BlobStore;
  now: Date;
  companies: typeof DEMO_COMPANIES;
  /** Demo documents wanted (PORTAL_SEED_DOCUMENTS > 0): seeds that create documents skip otherwise, so a lean portal starts without any. */
  documents: boolean;
  /** The demo users' ids by user name (admin, client1, accountant, clerk, approver, auditor). */
  userIds: Readonly<Record<string, string>>;
  /** Creates login accounts (with a demo password) the way the user manager does. */
  accounts: UserAccounts;
  /** Command metadata for one seed step; `step` must be unique within the seed (it makes the command id). */
  context(clientNo: number | null, step: string): CommandContext;
  /** Seals a demo secret (a password, a PIN) with the portal's secret box, as the services do. */
  seal(plain: string): SealedSecret;
}

export type FeatureSeed = (seed: SeedContext) => Promise<void>;

/** Each feature's demo data (`<feature>/demo-<feature>.ts`), run in this order after companies and users. */
// Payroll and labels come before the open items: a client's newest documents stay ordinary ones (lists open on them).
export const FEATURE_SEEDS: FeatureSeed[] = [
  seedDemoSettings,
  seedDemoResponsibility,
  seedDemoPayroll,
  seedDemoLabels,
  seedDemoOpenItems,
  seedDemoSvTool,
  seedDemoUserAdmin,
  seedDemoScanners,
  seedDemoEditor,
  seedDemoBanking,
  seedDemoAddresses,
  seedDemoRpaErrors,
  seedDemoFon,
];
