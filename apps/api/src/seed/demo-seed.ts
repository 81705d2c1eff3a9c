import { randomUUID } from 'node:crypto';
import { catalogDecider, CATALOG_STREAM_ID, companyDecider, companyStreamId, DEFAULT_DOCUMENT_CATEGORIES } from '@portal/domain';
import type { EventStore } from '@portal/event-store';
import { seedDemoAccounting } from '../features/accounting/demo-accounting';
import type { UserAccounts } from '../features/users/user-accounts';
import { subCommandId, type CommandRuntime, type CommandContext } from '@portal/commands';
import type { BlobStore } from '@portal/blob-store';
import type { SealedSecret } from '@portal/domain';
import { DEMO_COMPANIES, DEMO_USERS } from './demo-data';
import { FEATURE_SEEDS } from './feature-seeds';

const SYSTEM = 'system';

/**
 * Seeds an empty event store by issuing commands, exactly as users would: the category catalog,
 * the demo companies with two accounting periods each, the demo users (their password is their name,
 * marked as a demo password: refused outside demo mode), then each feature's demo data.
 * Returns false when the store already held events.
 */
export async function seedDemoData(
  events: EventStore,
  runtime: CommandRuntime,
  blobs: BlobStore,
  accounts: UserAccounts,
  options: { documents: boolean; seal: (plain: string) => SealedSecret },
  now: Date = new Date(),
): Promise<boolean> {
  if ((await events.headPosition()) !== null) return false;
  const correlationId = `seed-${randomUUID()}`;
  const context = (clientNo: number | null, step: string): CommandContext => ({
    userId: SYSTEM,
    clientNo,
    commandId: subCommandId(correlationId, step),
    correlationId,
  });
  await runtime.execute(
    catalogDecider,
    CATALOG_STREAM_ID,
    { type: 'DefineDocumentCategories', categories: DEFAULT_DOCUMENT_CATEGORIES },
    context(null, 'categories'),
  );
  const year = now.getUTCFullYear();
  for (const company of DEMO_COMPANIES) {
    const stream = companyStreamId(company.company_no);
    const no = company.company_no;
    await runtime.execute(companyDecider, stream, { type: 'RegisterCompany', ...company }, context(no, `${no}:register`));
    for (const accounting of [year - 1, year]) {
      await runtime.execute(companyDecider, stream, { type: 'OpenAccountingPeriod', accounting }, context(no, `${no}:open-${accounting}`));
    }
    await runtime.execute(companyDecider, stream, { type: 'SetCurrentAccountingPeriod', accounting: year }, context(no, `${no}:current`));
    if (no % 2 === 0) {
      await runtime.execute(companyDecider, stream, { type: 'ChangeCompanySettings', changes: { account_system: 'BMD' } }, context(no, `${no}:settings`));
    }
  }
  await seedDemoAccounting(runtime, DEMO_COMPANIES, [year - 1, year], `${correlationId}:accounting`);
  const userIds: Record<string, string> = {};
  for (const profile of DEMO_USERS) {
    const { userId } = await accounts.create(profile, SYSTEM, { password: profile.username, mustChange: false, demo: true });
    userIds[profile.username] = userId;
  }
  for (const seed of FEATURE_SEEDS)
    await seed({ runtime, blobs, now, companies: DEMO_COMPANIES, documents: options.documents, userIds, accounts, context, seal: options.seal });
  return true;
}
