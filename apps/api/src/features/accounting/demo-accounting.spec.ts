import { CommandRuntime } from '@portal/commands';
import { isValidIban } from '@portal/domain';
import { SqliteEventStore } from '@portal/event-store';
import { ACC_BOOKS, ACC_COST_CENTRES, ACC_EXPENSE_ACCOUNTS, ACC_PERSON_ACCOUNTS } from '@portal/read-models';
import { ALL_PROJECTIONS, replayInto } from '@portal/projections';
import { SqliteReadStore } from '@portal/read-store';
import { seedDemoAccounting } from './demo-accounting';

const companies = [
  { company_no: 1001, company_place: 'Innsbruck' },
  { company_no: 1004, company_place: 'München' },
];

describe('demo accounting master data', () => {
  it('seeds defaults, cost centres, books, suppliers and customers per period, all valid, once', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    const written = await seedDemoAccounting(runtime, companies, [2025, 2026], 'seed-1');
    expect(written).toBeGreaterThan(0);
    expect(await seedDemoAccounting(runtime, companies, [2025, 2026], 'seed-1')).toBe(0);

    const reads = new SqliteReadStore(':memory:');
    await replayInto(events, reads, ALL_PROJECTIONS);
    const all = async (collection: string, where = {}) => (await reads.find(collection, { where, sort: [], skip: 0, limit: 10_000 })).data;
    expect(await all(ACC_EXPENSE_ACCOUNTS, { client_no: 1001, accounting: null })).toHaveLength(7);
    expect(await all(ACC_EXPENSE_ACCOUNTS, { client_no: 1001, accounting: 2026 })).toHaveLength(2);
    expect(await all(ACC_COST_CENTRES, { client_no: 1004 })).toHaveLength(6);
    expect(await all(ACC_BOOKS, { client_no: 1004, accounting: 2025 })).toHaveLength(4);
    const people = await all(ACC_PERSON_ACCOUNTS, { client_no: 1004, accounting: 2026 });
    expect(people.map((p) => p.type).sort()).toEqual([2, 2, 2, 3, 3, 3, 3, 4]);
    expect(people.every((p) => typeof p.iban === 'string' && isValidIban(p.iban) && (p.iban as string).startsWith('DE'))).toBe(true);
    expect((await all(ACC_EXPENSE_ACCOUNTS, { client_no: 1001, account: '510000' }))[0]).toMatchObject({ tax_rate: 20 });
    expect((await all(ACC_EXPENSE_ACCOUNTS, { client_no: 1004, account: '510000' }))[0]).toMatchObject({ tax_rate: 19 });
    await reads.close();
  });
});
