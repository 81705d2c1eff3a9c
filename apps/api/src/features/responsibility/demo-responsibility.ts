import { responsibilityDecider, responsibilityStreamId } from '@portal/domain';
import { DEMO_USERS } from '../../seed/demo-data';
import type { SeedContext } from '../../seed/feature-seeds';

/** Each person may access the clients they look after (the accountant 1001-1003, the clerk 1004-1005, admin and auditor all). */
const PLAN: Record<number, [string, string[]]> = {
  1001: ['accountant', ['admin']],
  1002: ['accountant', []],
  1003: ['accountant', ['auditor']],
  1004: ['clerk', ['admin']],
  1005: ['clerk', []],
  1006: ['admin', ['auditor']],
};

/** Demo responsibilities: the accountant looks after the Austrian clients, the clerk after the German ones. */
export async function seedDemoResponsibility(seed: SeedContext): Promise<void> {
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
