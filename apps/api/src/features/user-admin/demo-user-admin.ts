import type { UserProfile } from '@portal/domain';
import { userDecider, userStreamId } from '@portal/domain';
import type { SeedContext } from '../../seed/feature-seeds';

/** Office staff for the user manager's demo (password = user name, like every demo user). */
export const DEMO_STAFF: (UserProfile & { disabled?: string })[] = [
  // adm without kca: manages the staff of the Austrian clients, but not administrators or other clients.
  {
    username: 'office',
    firstName: 'Maria',
    lastName: 'Steiner',
    email: 'm.steiner@huber-partner.example',
    locale: 'de',
    permissions: ['adm', 'app', 'doc', 'lar', 'ove'],
    klienten: [1001, 1002, 1003],
    all_clients: false,
    telNr: '+43 512 556 12',
  },
  {
    username: 'partner',
    firstName: 'Georg',
    lastName: 'Huber',
    email: 'g.huber@huber-partner.example',
    locale: 'de',
    permissions: ['doc', 'lar', 'ove', 'rep'],
    klienten: [],
    all_clients: true,
    excluded: [1005],
    telNr: '+43 512 556 10',
  },
  {
    username: 'field',
    firstName: 'Eva',
    lastName: 'Moser',
    email: 'e.moser@weingut-steiner.example',
    locale: 'de',
    permissions: ['doc', 'pay'],
    klienten: [1006],
    all_clients: false,
    mobileApp: true,
    telNr: '+43 2732 555 01',
  },
  {
    username: 'trainee',
    firstName: 'Jonas',
    lastName: 'Bauer',
    email: 'j.bauer@huber-partner.example',
    locale: 'en',
    permissions: ['doc', 'lar'],
    klienten: [1003],
    all_clients: false,
    disabled: 'Internship ended',
  },
];

/** The user manager's demo: an office administrator (adm without kca), a partner excluded from one client, a mobile user, a disabled trainee. */
export async function seedDemoUserAdmin(seed: SeedContext): Promise<void> {
  for (const { disabled, ...profile } of DEMO_STAFF) {
    const { userId } = await seed.accounts.create(profile, 'system', { password: profile.username, mustChange: false, demo: true });
    if (disabled)
      await seed.runtime.execute(
        userDecider,
        userStreamId(userId),
        { type: 'DisableUser', reason: disabled },
        seed.context(null, `idp-users:${profile.username}:disable`),
      );
  }
}
