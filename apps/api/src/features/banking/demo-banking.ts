import { PSD2_MAX_VALID_DAYS, type ImportedStatement } from '@portal/contracts';
import {
  bankAccessDecider,
  bankAccessStreamId,
  bankAccountDecider,
  bankAccountId,
  bankAccountStreamId,
  bankImportDecider,
  bankImportStreamId,
  bankLedgerDecider,
  bankLedgerStreamId,
  ledgerPeriodOf,
  bankPendingDecider,
  bankPendingStreamId,
  type LedgerEntry,
} from '@portal/domain';
import type { FeatureSeed, SeedContext } from '../../seed/feature-seeds';
import { SandboxBank, SANDBOX_INSTITUTION, SANDBOX_LOAN_INSTITUTION } from './sources/sandbox-bank';
import { toLedger } from './statement-import';

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Per demo company, as if connected a while ago through the sandbox bank: a current account and a savings
 * account with a year of transactions under an access that expires in 3 days, and a loan account whose
 * access expired 20 days ago (its transactions end there).
 */
async function seedCompany(seed: SeedContext, clientNo: number): Promise<void> {
  const bank = new SandboxBank(() => seed.now);
  const plans = [
    { institution: SANDBOX_INSTITUTION, grantedDaysAgo: PSD2_MAX_VALID_DAYS - 3 },
    { institution: SANDBOX_LOAN_INSTITUTION, grantedDaysAgo: PSD2_MAX_VALID_DAYS + 20 },
  ];
  const from = dayOf(new Date(seed.now.getTime() - 365 * DAY_MS));
  for (const [p, plan] of plans.entries()) {
    const grantedAt = new Date(seed.now.getTime() - plan.grantedDaysAgo * DAY_MS);
    const readUntil = plan.grantedDaysAgo > PSD2_MAX_VALID_DAYS ? new Date(grantedAt.getTime() + (PSD2_MAX_VALID_DAYS - 1) * DAY_MS) : seed.now;
    const accountIds: string[] = [];
    const statements: ImportedStatement[] = [];
    const importId = `demo-${clientNo}-${p}`;
    let added = 0;
    let pendingCount = 0;
    for (const remote of await bank.consentedAccounts(null, clientNo, plan.institution.id)) {
      const id = bankAccountId(clientNo, remote.iban);
      accountIds.push(id);
      const read = await new SandboxBank(() => readUntil).transactions(remote, from, dayOf(readUntil));
      const opening = (read.closing?.amountCents ?? 0) - read.booked.reduce((s, e) => s + e.amountCents, 0);
      await seed.runtime.execute(
        bankAccountDecider,
        bankAccountStreamId(id),
        {
          type: 'OpenBankAccount',
          clientNo,
          iban: remote.iban,
          bic: remote.bic,
          bankName: remote.bankName,
          accountType: remote.accountType ?? 'checking',
          currency: remote.currency,
          label: remote.name,
          openingBalanceCents: opening,
          openingDate: from,
        },
        seed.context(clientNo, `bank:${id}:open`),
      );
      const byMonth = new Map<string, LedgerEntry[]>();
      for (const e of read.booked) byMonth.set(ledgerPeriodOf(e.bookingDate), [...(byMonth.get(ledgerPeriodOf(e.bookingDate)) ?? []), toLedger(id, e)]);
      for (const [month, entries] of byMonth) {
        await seed.runtime.execute(
          bankLedgerDecider,
          bankLedgerStreamId(id, entries[0]!.bookingDate),
          { type: 'RecordTransactions', importId, clientNo, accountId: id, entries },
          seed.context(clientNo, `bank:${id}:${month}`),
        );
      }
      if (read.pending.length > 0) {
        await seed.runtime.execute(
          bankPendingDecider,
          bankPendingStreamId(id),
          { type: 'ReplacePendingTransactions', importId, clientNo, accountId: id, entries: read.pending.map((e) => toLedger(id, e)) },
          seed.context(clientNo, `bank:${id}:pending`),
        );
      }
      added += read.booked.length;
      pendingCount += read.pending.length;
      statements.push({
        account_id: id,
        iban: remote.iban,
        statement_id: null,
        sequence: null,
        from,
        to: read.closing?.date ?? dayOf(readUntil),
        opening_cents: opening,
        closing_cents: read.closing?.amountCents ?? null,
        entries: read.booked.length + read.pending.length,
        added: read.booked.length,
        duplicates: 0,
      });
    }
    const accessId = `demo-${clientNo}-${plan.institution.id.toLowerCase()}`;
    const at = (time: Date, step: string) => ({ ...seed.context(clientNo, `bank:${accessId}:${step}`), now: time.toISOString() });
    await seed.runtime.execute(
      bankAccessDecider,
      bankAccessStreamId(accessId),
      {
        type: 'RequestBankAccess',
        accessId,
        clientNo,
        source: 'sandbox',
        institution: { id: plan.institution.id, name: plan.institution.name },
        validDays: PSD2_MAX_VALID_DAYS,
        requisitionId: null,
        link: null,
      },
      at(grantedAt, 'request'),
    );
    await seed.runtime.execute(bankAccessDecider, bankAccessStreamId(accessId), { type: 'GrantBankAccess', accountIds }, at(grantedAt, 'grant'));
    await seed.runtime.execute(
      bankImportDecider,
      bankImportStreamId(importId),
      {
        type: 'RecordImport',
        importId,
        summary: {
          client_no: clientNo,
          account_ids: accountIds,
          file_name: `${plan.institution.name} ${from} – ${dayOf(readUntil)}`,
          format: 'sandbox',
          bank: plan.institution.name,
          statements,
          added,
          duplicates: 0,
          pending: pendingCount,
          skipped: 0,
          created_accounts: accountIds,
          warnings: [],
        },
      },
      at(readUntil, 'import'),
    );
    await seed.runtime.execute(bankAccessDecider, bankAccessStreamId(accessId), { type: 'RecordBankAccessSync', importId }, at(readUntil, 'sync'));
  }
}

export const seedDemoBanking: FeatureSeed = async (seed) => {
  for (const company of seed.companies) await seedCompany(seed, company.company_no);
};
