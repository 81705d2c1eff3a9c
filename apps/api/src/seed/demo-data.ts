import type { Permission } from '@portal/contracts';
import type { UserProfile } from '@portal/domain';

/** Demo client companies: Austrian and German firms, as a tax-advisory practice near the border would have. */
export const DEMO_COMPANIES = [
  { company_no: 1001, company_name: 'Alpenblick Gastronomie GmbH', company_place: 'Innsbruck' },
  { company_no: 1002, company_name: 'Bäckerei Huber & Söhne OG', company_place: 'Salzburg' },
  { company_no: 1003, company_name: 'Donau Logistik GmbH', company_place: 'Linz' },
  { company_no: 1004, company_name: 'Müller Elektrotechnik GmbH', company_place: 'München' },
  { company_no: 1005, company_name: 'Nordlicht Software UG (haftungsbeschränkt)', company_place: 'Hamburg' },
  { company_no: 1006, company_name: 'Weingut Steiner KG', company_place: 'Krems an der Donau' },
] as const;

const ALL: Permission[] = [
  'acc',
  'adm',
  'app',
  'ban',
  'cor',
  'ded',
  'doc',
  'dpv',
  'exp',
  'kca',
  'lab',
  'lar',
  'ove',
  'pay',
  'pdf',
  'rep',
  'wka',
  'wks',
  'wed',
  'wad',
];

/** Demo users; each password equals the username. Listed in the README. */
export const DEMO_USERS: UserProfile[] = [
  {
    username: 'admin',
    firstName: 'Andrea',
    lastName: 'Admin',
    email: 'admin@huber-partner.example',
    locale: 'en',
    permissions: ALL,
    klienten: [],
    all_clients: true,
  },
  {
    username: 'client1',
    firstName: 'Clemens',
    lastName: 'Gruber',
    email: 'c.gruber@alpenblick.example',
    locale: 'de',
    permissions: ['doc', 'rep', 'pay', 'ban', 'ded', 'lar'],
    klienten: [1001],
    all_clients: false,
  },
  {
    username: 'accountant',
    firstName: 'Anna',
    lastName: 'Berger',
    email: 'a.berger@huber-partner.example',
    locale: 'de',
    permissions: ['acc', 'app', 'exp', 'doc', 'ded', 'lar', 'ove', 'pay', 'rep', 'wka'],
    klienten: [1001, 1002, 1003],
    all_clients: false,
  },
  {
    username: 'clerk',
    firstName: 'Lukas',
    lastName: 'Wimmer',
    email: 'l.wimmer@huber-partner.example',
    locale: 'de',
    permissions: ['doc', 'ded', 'lar', 'ove', 'lab'],
    klienten: [1004, 1005],
    all_clients: false,
  },
  {
    username: 'approver',
    firstName: 'Sabine',
    lastName: 'Koch',
    email: 's.koch@baeckerei-huber.example',
    locale: 'de',
    permissions: ['app', 'doc', 'lar'],
    klienten: [1002],
    all_clients: false,
  },
  {
    username: 'auditor',
    firstName: 'Peter',
    lastName: 'Lang',
    email: 'p.lang@huber-partner.example',
    locale: 'en',
    permissions: ['rep', 'ove', 'lar'],
    klienten: [],
    all_clients: true,
  },
];
