import { responsibilityDecider, responsibilityStreamId } from '@portal/domain';
import { DEMO_USERS } from '../../seed/demo-data';
import type { SeedContext } from '../../seed/feature-seeds';

const PLAN: Record<number, [string, string[]]> = {
  1001: ['accountant', ['admin']],
  1002: ['accountant', []],
  1003: ['accountant', ['clerk']],
  1004: ['clerk', ['accountant']],
  1005: ['clerk', []],
  1006: ['admin', ['accountant']],
};

/** Demo responsibilities: the accountant looks after the Austrian clients, the clerk after the German ones. */
export async function seedDemoResponsibilities(seed: SeedContext): Promise<void> {
  const ref = (username: string) => {
    const user = DEMO_USERS.find((u) => u.username === username)!;
    return { id: seed.userIds[username] ?? username, name: `${user.firstName} ${user.lastName}` };
  };
  for (const company of seed.companies) {
    const [responsible, deputies] = PLAN[company.company_no] ?? ['admin', []];
    await seed.runtime.execute(
      responsibilityDecider,
      responsibilityStreamId(company.company_no),
      { type: 'AssignResponsibility', clientNo: company.company_no, responsible: ref(responsible), deputies: deputies.map(ref) },
      seed.context(company.company_no, `responsibility:${company.company_no}`),
    );
  }
}
