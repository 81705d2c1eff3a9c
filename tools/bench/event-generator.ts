import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { companyStreamId, userStreamId } from '@portal/domain';
import { sealEvents, SqliteEventStore, type DraftMetadata } from '@portal/event-store';
import { seededRandom } from '@portal/demo-data';

/**
 * Writes realistic, hash-chained company and user events straight into a SQLite event file (the
 * schema of SqliteEventStore; positions continue after any events already in the file). Used by the
 * replay benchmark (1,000,000 events) and the crash tests. Deterministic for a given seed, except
 * user ids and command ids, which are random UUIDs like the portal's.
 */
export interface GenerateOptions {
  events: number;
  /** First company number; default 100000 (clear of the demo companies 1001-1006). */
  firstCompanyNo?: number;
  /** Companies to register; default 2% of `events` (at least 10). */
  companies?: number;
  /** Users to register; default 0.2% of `events` (at least 5). */
  users?: number;
  seed?: number;
}

export interface GenerateReport {
  events: number;
  companies: number;
  users: number;
  ms: number;
  /** Company numbers generated, first and last. */
  companyNos: [number, number];
}

const PREFIXES = [
  'Alpen',
  'Donau',
  'Berg',
  'See',
  'Wald',
  'Nord',
  'Süd',
  'Tal',
  'Inn',
  'Rhein',
  'Main',
  'Isar',
  'Kärntner',
  'Tiroler',
  'Steirer',
  'Bayern',
  'Hanse',
  'Elb',
  'Wein',
  'Sonnen',
];
const TRADES = [
  'Bäckerei',
  'Gastronomie',
  'Logistik',
  'Elektrotechnik',
  'Software',
  'Bau',
  'Holzbau',
  'Installationen',
  'Transporte',
  'Handel',
  'Immobilien',
  'Consulting',
  'Metallbau',
  'Druckerei',
  'Autohaus',
  'Apotheke',
  'Tischlerei',
  'Reisen',
  'Hotel',
  'Landtechnik',
];
const FORMS = ['GmbH', 'GmbH & Co KG', 'OG', 'KG', 'e.U.', 'AG', 'UG (haftungsbeschränkt)', 'GmbH'];
const PLACES = [
  'Wien',
  'Graz',
  'Linz',
  'Salzburg',
  'Innsbruck',
  'Klagenfurt',
  'Villach',
  'Wels',
  'St. Pölten',
  'Dornbirn',
  'Krems an der Donau',
  'Bregenz',
  'München',
  'Hamburg',
  'Berlin',
  'Köln',
  'Frankfurt am Main',
  'Stuttgart',
  'Nürnberg',
  'Passau',
  'Rosenheim',
  'Regensburg',
  'Leipzig',
  'Dresden',
];
const FIRST = [
  'Anna',
  'Lukas',
  'Sabine',
  'Peter',
  'Maria',
  'Florian',
  'Katharina',
  'Stefan',
  'Julia',
  'Thomas',
  'Elisabeth',
  'Michael',
  'Lena',
  'Markus',
  'Sophie',
  'Andreas',
];
const LAST = [
  'Gruber',
  'Huber',
  'Bauer',
  'Wagner',
  'Müller',
  'Pichler',
  'Steiner',
  'Moser',
  'Mayer',
  'Hofer',
  'Leitner',
  'Berger',
  'Fuchs',
  'Eder',
  'Schmid',
  'Weber',
];
const ROLES = [
  ['doc', 'rep', 'pay', 'ban', 'ded', 'lar'],
  ['acc', 'app', 'exp', 'doc', 'ded', 'lar', 'ove', 'pay', 'rep', 'wka'],
  ['doc', 'ded', 'lar', 'ove', 'lab'],
  ['app', 'doc', 'lar'],
  ['doc', 'rep', 'ove'],
];
/** A well-formed scrypt hash (of no known password): generated users exist but cannot log in. */
const FAKE_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

interface StreamState {
  revision: number;
  hash: string | null;
}

export async function generateEvents(file: string, options: GenerateOptions): Promise<GenerateReport> {
  const t0 = performance.now();
  // Creates the schema exactly as the adapter does, then closes.
  await new SqliteEventStore(file, { synchronous: 'OFF' }).close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, command_id) VALUES (?, ?, ?, ?, ?, ?)');
  const revisionOf = db.prepare<[string], number | null>('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck();

  const total = options.events;
  const rnd = seededRandom(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const nCompanies = options.companies ?? Math.max(10, Math.round(total * 0.02));
  const nUsers = options.users ?? Math.max(5, Math.round(total * 0.002));
  const firstNo = options.firstCompanyNo ?? 100_000;
  const staff = Array.from({ length: 8 }, () => randomUUID());
  const streams = new Map<string, StreamState>();
  const companies: { no: number; years: number[]; current: number; name: string; place: string }[] = [];
  const users: { id: string; locale: 'de' | 'en'; enabled: boolean }[] = [];
  let clock = Date.parse('2024-01-02T07:30:00Z');
  let written = 0;
  let batch: [string, number, string, string, string, string][] = [];
  const flush = db.transaction((rows: typeof batch) => {
    for (const r of rows) insert.run(...r);
  });

  const emit = (streamId: string, type: string, data: Record<string, unknown>, clientNo: number | null, userId: string) => {
    let state = streams.get(streamId);
    if (!state) {
      const existing = revisionOf.get(streamId) ?? null;
      if (existing !== null) throw new Error(`generateEvents: stream ${streamId} already exists in ${file}`);
      state = { revision: -1, hash: null };
      streams.set(streamId, state);
    }
    clock += 200 + Math.floor(rnd() * 4000);
    const commandId = randomUUID();
    const metadata: DraftMetadata = { userId, clientNo, time: new Date(clock).toISOString(), commandId, correlationId: commandId };
    const [sealed] = sealEvents(streamId, state.hash, [{ type, data, metadata }]);
    state.revision += 1;
    state.hash = sealed!.metadata.hash;
    batch.push([streamId, state.revision, type, JSON.stringify(sealed!.data), JSON.stringify(sealed!.metadata), commandId]);
    written += 1;
    if (batch.length >= 5000) {
      flush(batch);
      batch = [];
    }
  };

  const registerCompany = (i: number) => {
    const no = firstNo + i;
    const name = `${pick(PREFIXES)} ${pick(TRADES)} ${pick(LAST)} ${pick(FORMS)}`;
    const place = pick(PLACES);
    const c = { no, years: [2022, 2023, 2024], current: 2024, name, place };
    companies.push(c);
    const stream = companyStreamId(no);
    const who = pick(staff);
    emit(stream, 'CompanyRegistered', { company_no: no, company_name: name, company_place: place }, no, who);
    for (const y of c.years) if (written < total) emit(stream, 'AccountingPeriodOpened', { accounting: y, start: `${y}-01-01`, end: `${y}-12-31` }, no, who);
    if (written < total) emit(stream, 'CurrentAccountingPeriodSet', { accounting: 2024 }, no, who);
  };

  const registerUser = () => {
    const id = randomUUID();
    const first = pick(FIRST);
    const last = pick(LAST);
    const role = pick(ROLES);
    const allClients = rnd() < 0.1;
    const klienten =
      allClients || companies.length === 0 ? [] : Array.from(new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(companies).no)));
    const locale = rnd() < 0.7 ? 'de' : 'en';
    users.push({ id, locale, enabled: true });
    emit(
      userStreamId(id),
      'UserRegistered',
      {
        username: `${first}.${last}.${users.length}`.toLowerCase(),
        firstName: first,
        lastName: last,
        email: `${first}.${last}.${users.length}@example.com`.toLowerCase(),
        locale,
        permissions: role,
        klienten,
        all_clients: allClients,
        userId: id,
        passwordHash: FAKE_HASH,
      },
      null,
      'system',
    );
  };

  // Registrations first (interleaved companies and users), then everyday activity on random streams.
  for (let i = 0; i < nCompanies && written < total; i++) {
    registerCompany(i);
    if (users.length < nUsers && rnd() < nUsers / nCompanies) registerUser();
  }
  while (users.length < nUsers && written < total) registerUser();
  while (written < total) {
    const r = rnd();
    if (r < 0.9 || users.length === 0) {
      const c = pick(companies);
      const stream = companyStreamId(c.no);
      const who = pick(staff);
      if (r < 0.6) {
        c.name = rnd() < 0.5 ? `${pick(PREFIXES)} ${pick(TRADES)} ${pick(LAST)} ${pick(FORMS)}` : c.name;
        c.place = rnd() < 0.5 ? pick(PLACES) : c.place;
        emit(stream, 'CompanyRenamed', { company_name: `${c.name}`, company_place: c.place }, c.no, who);
      } else if (r < 0.75) {
        const changes =
          rnd() < 0.5
            ? { account_system: pick(['DATEV', 'BMD']) }
            : rnd() < 0.5
              ? { document_language: pick(['de', 'en']) }
              : { default_expense_account: String(4000 + Math.floor(rnd() * 5000)) };
        emit(stream, 'CompanySettingsChanged', { changes }, c.no, who);
      } else if (r < 0.85) {
        const y = pick(c.years.filter((x) => x !== c.current));
        c.current = y;
        emit(stream, 'CurrentAccountingPeriodSet', { accounting: y }, c.no, who);
      } else {
        const y = Math.max(...c.years) + 1;
        c.years.push(y);
        emit(stream, 'AccountingPeriodOpened', { accounting: y, start: `${y}-01-01`, end: `${y}-12-31` }, c.no, who);
      }
    } else {
      const u = pick(users);
      const stream = userStreamId(u.id);
      if (rnd() < 0.7) {
        u.locale = u.locale === 'de' ? 'en' : 'de';
        emit(stream, 'UserLocaleChanged', { locale: u.locale }, null, u.id);
      } else if (u.enabled) {
        u.enabled = false;
        emit(stream, 'UserDisabled', { reason: 'by admin' }, null, pick(staff));
      } else {
        u.enabled = true;
        emit(stream, 'UserEnabled', {}, null, pick(staff));
      }
    }
  }
  if (batch.length) flush(batch);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return {
    events: written,
    companies: companies.length,
    users: users.length,
    ms: performance.now() - t0,
    companyNos: [firstNo, firstNo + companies.length - 1],
  };
}
