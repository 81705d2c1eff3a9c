import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CashRegister,
  FonConflict,
  FonFirm,
  FonImport,
  FonItemFacets,
  FonQuotaItem,
  FonUser,
  Paginated,
  QuotaSummary,
  RpaErrorRecord,
} from '@portal/contracts';
import { DEFAULT_TIME_ZONE, dayIn } from '@portal/contracts';
import { quotaDeadlines } from '@portal/domain';
import { eventually, PortalSession } from '@portal/tools';
import { fakeFinanzOnline } from '../../../test/fake-finanzonline';

jest.setTimeout(180_000);

const TAX_YEAR = new Date().getUTCFullYear() - 1;
const PASSWORD = 'Sehr-Geheim-WebEKU-7Q';
const PIN = 'PIN-7f3k9x';
/** Today as the server counts deadlines: the firm's calendar day, not UTC's (they differ for an hour or two around midnight). */
const today = () => dayIn(DEFAULT_TIME_ZONE, new Date());
/** n days before today, as dd.mm.yyyy (never before 1 January of the season). */
const daysAgo = (n: number) => {
  const d = new Date(Math.max(Date.now() - n * 86_400_000, Date.UTC(TAX_YEAR + 1, 0, 1)));
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
};
const taxId = (i: number) => `46-${String(100 + Math.floor(i / 10)).padStart(3, '0')}/${String(1000 + i).padStart(4, '0')}`;

/** 50 income-tax returns in tax office 46, 17 of them filed: 34 %. */
const FON_CSV = [
  'Steuernummer;Name;Finanzamt;Veranlagungsjahr;Erklärungsart;Quotenrelevant;Betriebliche Einkünfte;Abgabedatum;Eingangsdatum',
  ...Array.from({ length: 50 }, (_, i) => `${taxId(i)};Mandant ${i};Linz;${TAX_YEAR};ESt;ja;nein;${i < 17 ? daysAgo(20 + i) : ''};`),
].join('\r\n');
/** NTCS agrees except: no record of 0; a different filing date of 1 (value mismatch in NTCS); a filing of 30 FON lacks; 99 unknown to FON. */
const ntcsCsv = (fixed = false) =>
  [
    'PersNr;Name;Steuernummer;Erklärungsart;Veranlagungsjahr;Abgabedatum;Zuständig;Mandant',
    ...Array.from({ length: 50 }, (_, i) => i)
      .filter((i) => i !== 0)
      .map(
        (i) =>
          `${5000 + i};Mandant ${i};${taxId(i)};ESt;${TAX_YEAR};${i === 1 && !fixed ? daysAgo(3) : i === 30 && !fixed ? daysAgo(2) : i < 17 ? daysAgo(20 + i) : ''};${i % 2 ? 'Anna Berger' : 'Lukas Wimmer'};${i === 2 ? 1003 : ''}`,
      ),
    `5099;Neu GmbH;46-999/9999;USt;${TAX_YEAR};;Anna Berger;`,
  ].join('\r\n');

const env: NodeJS.ProcessEnv = { PORTAL_SEED_DOCUMENTS: '0' };
let fake: Awaited<ReturnType<typeof fakeFinanzOnline>>;
beforeAll(async () => {
  fake = await fakeFinanzOnline(Buffer.from(FON_CSV, 'utf8'), { year: TAX_YEAR, pin: PIN, delayMs: 2500 });
  Object.assign(env, { FON_HERSTELLER_ID: 'ATU12345678', FON_SESSION_URL: `${fake.url}/fonws/ws/session`, FON_DATABOX_URL: `${fake.url}/fon/ws/databox` });
});
afterAll(() => fake?.close());
const session = PortalSession.start(env);

/** Every pushed event an administrator's connection receives during the spec. */
const pushes: string[] = [];
beforeAll(async () => {
  const watcher = await session.signedIn('admin');
  watcher.socket.onAny((event: string, ...args: unknown[]) => pushes.push(`${event} ${JSON.stringify(args)}`));
});

const services = async (user = 'admin') => {
  const app = (await session.signedIn(user)).app;
  return {
    items: app.service('fon-quota-items'),
    conflicts: app.service('fon-conflicts'),
    registers: app.service('cash-registers'),
    users: app.service('fon-users'),
    firms: app.service('fon-firms'),
    imports: app.service('fon-imports'),
  };
};
const replies: string[] = [];
const keep = <T>(value: T): T => {
  replies.push(JSON.stringify(value));
  return value;
};

async function upload(
  firmId: string,
  source: string,
  name: string,
  text: string,
  query = '',
): Promise<{ status: number; body: FonImport & { message?: string } }> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(text, 'utf8')]), name);
  const res = await fetch(`${session.url}/api/fon/imports?firm_id=${firmId}&tax_year=${TAX_YEAR}&source=${source}${query}`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await session.token('admin')}` },
  });
  return { status: res.status, body: keep((await res.json()) as FonImport & { message?: string }) };
}

async function finished(id: string): Promise<FonImport> {
  const { imports } = await services();
  return keep(
    await eventually(async () => {
      const job = (await imports.get(id)) as FonImport;
      return job.status === 'in progress' ? undefined : job;
    }),
  );
}

let firm: FonFirm;

describe('FON monitoring services', () => {
  it('serves the demo: three tax offices with their quota, 400 returns, conflicts of every kind, cash registers in every state', async () => {
    const { items, conflicts, registers } = await services();
    const quota = keep((await items.find({ query: { view: 'quota', firm_id: 'huber-partner', tax_year: TAX_YEAR } })) as Paginated<QuotaSummary>);
    expect(quota.data.map((q) => q.tax_office_name)).toEqual(['Linz', 'Innsbruck', 'Salzburg-Stadt']);
    expect(quota.data.every((q) => q.deadlines.length === 5 && q.business_income.deadlines.length === 2)).toBe(true);
    const facets = keep((await items.find({ query: { view: 'facets', firm_id: 'huber-partner', tax_year: TAX_YEAR } })) as FonItemFacets);
    expect(facets.items).toBeGreaterThanOrEqual(400);
    expect(Object.keys(facets.statuses).sort()).toEqual(['data_conflict', 'no_ntcs_record', 'not_relevant', 'open', 'resolved_manually', 'submitted']);
    expect(facets.employees.map((e) => e.name)).toContain('Anna Berger');
    const open = keep((await conflicts.find({ query: { firm_id: 'huber-partner', status: 'open', $limit: 500 } })) as Paginated<FonConflict>);
    expect(new Set(open.data.map((c) => c.kind))).toEqual(new Set(['no_ntcs_record', 'ntcs_mismatch', 'fon_mismatch']));
    const list = keep((await registers.find({ query: { firm_id: 'huber-partner', $limit: 100 } })) as Paginated<CashRegister>);
    expect(new Set(list.data.map((r) => r.status))).toEqual(new Set(['in_operation', 'out_of_operation', 'registered', 'failure', 'no_permission']));
    expect(list.data.some((r) => r.outage_over_48h)).toBe(true);
    const page = keep(
      (await items.find({ query: { firm_id: 'huber-partner', tax_year: TAX_YEAR, status: 'no_ntcs_record', $limit: 5 } })) as Paginated<FonQuotaItem>,
    );
    expect(page.data[0]).toMatchObject({ status: 'no_ntcs_record', conflict_kind: 'no_ntcs_record', ntcsPersNr: null });
    expect(page.data[0]).not.toHaveProperty('contribution');
  });

  it('imports a FON file and an NTCS export: the quota at 34 % with the next deadline, conflicts of every kind; the same files again change nothing', async () => {
    const { firms, items, conflicts } = await services();
    firm = keep((await firms.create({ name: 'Integration Kanzlei', ntcs_id: '812', webeku_user: 'integration', webeku_password: PASSWORD })) as FonFirm);
    expect(firm).toMatchObject({ ntcs_id: 812, webeku_password_set: true });
    const fon = await upload(firm.id, 'fon-file', 'Quotenliste.csv', FON_CSV);
    expect(fon).toMatchObject({ status: 202, body: { status: 'in progress', source: 'fon-file' } });
    expect(await finished(fon.body.id)).toMatchObject({ status: 'done', counts: { rows: 50, items_new: 50, items_changed: 0, rejected: 0 } });
    const [quota] = ((await items.find({ query: { view: 'quota', firm_id: firm.id, tax_year: TAX_YEAR } })) as Paginated<QuotaSummary>).data;
    const next = quotaDeadlines(TAX_YEAR).main.find((d) => d.date >= today());
    expect(quota).toMatchObject({ tax_office: '46', tax_office_name: 'Linz', base: 50, filed: 17, filed_percent: 34 });
    expect(quota!.next_deadline).toMatchObject(next ? { date: next.date, target: next.target } : {});
    const ntcs = await upload(firm.id, 'ntcs', 'ntcs.csv', ntcsCsv());
    expect(await finished(ntcs.body.id)).toMatchObject({ status: 'done', counts: { rows: 50, items_new: 1, conflicts_opened: 4 } });
    const open = ((await conflicts.find({ query: { firm_id: firm.id, status: 'open' } })) as Paginated<FonConflict>).data;
    expect(open.map((c) => [c.name, c.kind, c.field]).sort()).toEqual([
      ['Mandant 0', 'no_ntcs_record', 'ntcsPersNr'],
      ['Mandant 1', 'ntcs_mismatch', 'abgabedatum'],
      ['Mandant 30', 'fon_mismatch', 'abgabedatum'],
      ['Neu GmbH', 'fon_mismatch', 'registered'],
    ]);
    const mismatch = open.find((c) => c.kind === 'ntcs_mismatch')!;
    expect(mismatch.fon_value).not.toBe(mismatch.ntcs_value);
    // The responsible person of client 1003 comes from the responsibility view, not from NTCS.
    const linked = ((await items.find({ query: { firm_id: firm.id, client_no: 1003 } })) as Paginated<FonQuotaItem>).data[0];
    expect(linked).toMatchObject({ name: 'Mandant 2', zustMa: 'Anna Berger' });
    const before = ((await items.find({ query: { firm_id: firm.id, $limit: 100 } })) as Paginated<FonQuotaItem>).data.map((i) => [i.id, i.revision]);
    for (const [source, text] of [
      ['fon-file', FON_CSV],
      ['ntcs', ntcsCsv()],
    ] as const) {
      const again = await upload(firm.id, source, 'again.csv', text);
      expect(await finished(again.body.id)).toMatchObject({
        status: 'done',
        counts: { items_new: 0, items_changed: 0, conflicts_opened: 0, conflicts_closed: 0 },
      });
    }
    expect(((await items.find({ query: { firm_id: firm.id, $limit: 100 } })) as Paginated<FonQuotaItem>).data.map((i) => [i.id, i.revision])).toEqual(before);
  });

  it('resolves a conflict manually with a remark and who did it; a later import that agrees closes it, keeping the remark', async () => {
    const { conflicts, items } = await services();
    const [conflict] = ((await conflicts.find({ query: { firm_id: firm.id, status: 'open', kind: 'ntcs_mismatch' } })) as Paginated<FonConflict>).data;
    const resolved = keep((await conflicts.patch(conflict!.id, { remark: 'Per Post eingereicht, NTCS folgt' })) as FonConflict);
    expect(resolved).toMatchObject({ status: 'resolved_manually', remark: 'Per Post eingereicht, NTCS folgt', resolved_by: expect.any(String) });
    expect(await items.get(conflict!.item_id)).toMatchObject({ status: 'resolved_manually' });
    const agreeing = await upload(firm.id, 'ntcs', 'ntcs-fixed.csv', ntcsCsv(true));
    expect(await finished(agreeing.body.id)).toMatchObject({ status: 'done', counts: { conflicts_closed: 2 } });
    expect(await conflicts.get(conflict!.id)).toMatchObject({ status: 'closed', remark: 'Per Post eingereicht, NTCS folgt' });
    expect(await items.get(conflict!.item_id)).toMatchObject({ status: 'submitted', conflict_kind: null });
  });

  it('fails the import of a file it cannot read, with the reason, in the automation errors; broken rows are listed', async () => {
    const failed = await upload(firm.id, 'fon-file', 'kaputt.csv', 'Name;Datum\r\nA;1.1.2026');
    expect(await finished(failed.body.id)).toMatchObject({
      status: 'failed',
      reason: 'Line 1: the header lacks the columns steuernummer, erklaerungsart (found: Name, Datum).',
    });
    const errors = (await session.signedIn('admin')).app.service('rpa-errors');
    const error = await eventually(async () =>
      ((await errors.find({ query: { kind: 'fon_import_failed', $limit: 50 } })) as Paginated<RpaErrorRecord>).data.find((e) => e.ref === failed.body.id),
    );
    // A file import is imported again by a person, not retried from /error.
    expect(error).toMatchObject({ retryable: false, status: 'open', link: '/fon-monitoring?tab=imports' });
    await expect(errors.patch(error!.id, { action: 'retry' })).rejects.toMatchObject({ name: 'Unprocessable', code: 422 });
    const partly = await upload(firm.id, 'fon-file', 'teils.csv', `${FON_CSV}\r\n46-1;Kaputt;Linz;${TAX_YEAR};ESt;ja;nein;;`);
    expect(await finished(partly.body.id)).toMatchObject({
      status: 'done',
      counts: { rejected: 1 },
      rejected_rows: [{ line: 52, reason: 'Line 52: tax number "46-1" is not nine digits (12-345/6789).' }],
    });
  });

  it('refuses bad input with the spec texts (Required field, must be a number) or a BadRequest, and changes nothing', async () => {
    const { firms, users, conflicts, items, registers, imports } = await services();
    const count = async () =>
      ((await firms.find({ query: { $limit: 0 } })) as Paginated<FonFirm>).total + ((await users.find({ query: { $limit: 0 } })) as Paginated<FonUser>).total;
    const before = await count();
    await expect(firms.create({ name: ' ', ntcs_id: 1 })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'Required field',
      data: { key: 'required', field: 'name' },
    });
    await expect(firms.create({ name: 'X', ntcs_id: '12a' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'must be a number',
      data: { field: 'ntcs_id' },
    });
    await expect(firms.create({ name: 'X', ntcs_id: '' })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Required field' });
    await expect(firms.create({ name: 'X', ntcs_id: 1, password: 'x' })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
    await expect(users.create({ firm_id: firm.id, name: 'Y', quota_year: 'zwei', type: 'file' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'must be a number',
      data: { field: 'quota_year' },
    });
    await expect(users.create({ firm_id: firm.id, name: 'Y', quota_year: TAX_YEAR, type: 'webservice', benid: 'B', pin: 'p' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'Required field',
      data: { field: 'tid' },
    });
    await expect(users.create({ firm_id: firm.id, name: 'Y', quota_year: TAX_YEAR, type: 'robot' })).rejects.toMatchObject({ name: 'BadRequest' });
    expect(await count()).toBe(before);
    const [conflict] = ((await conflicts.find({ query: { firm_id: firm.id, status: 'open' } })) as Paginated<FonConflict>).data;
    await expect(conflicts.patch(conflict!.id, { remark: '  ' })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Required field' });
    expect(await conflicts.get(conflict!.id)).toMatchObject({ status: 'open' });
    await expect(items.patch(conflict!.item_id, { not_relevant: true })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Required field' });
    await expect(items.find({ query: { view: 'quota' } })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(
      registers.create({ firm_id: firm.id, tax_id: '46-123/4567', name: 'K', reg_kassa_id: 'R', registered_date: '1.1.2026', status: 'registered' }),
    ).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(imports.create({ fon_user_id: 'fon-file-demo' })).rejects.toMatchObject({ name: 'Unprocessable' });
    expect((await upload(firm.id, 'other', 'x.csv', 'a')).status).toBe(400);
    expect((await upload('no-such-firm', 'fon-file', 'x.csv', 'a')).status).toBe(404);
  });

  it('fetches the quota list through the FinanzOnline web services (login, DataBox, logout), and refuses to delete the user while the import runs', async () => {
    const { users, imports } = await services();
    const user = keep(
      (await users.create({
        firm_id: firm.id,
        name: 'Webservice',
        quota_year: TAX_YEAR,
        type: 'webservice',
        tid: '123456789',
        benid: 'WSUSER01',
        pin: PIN,
      })) as FonUser,
    );
    expect(user).toMatchObject({ pin_set: true, tid: 123456789 });
    fake.calls.length = 0;
    const job = keep((await imports.create({ fon_user_id: user.id })) as FonImport);
    expect(job).toMatchObject({ status: 'in progress', source: 'fon-webservice' });
    await expect(users.remove(user.id)).rejects.toMatchObject({
      name: 'Conflict',
      code: 409,
      message: 'Deleting a FON user is blocked while an import runs.',
      data: { key: 'deleteDuringImport' },
    });
    expect(await finished(job.id)).toMatchObject({ status: 'done', counts: { rows: 50, items_new: 0, items_changed: 0 } });
    expect(fake.calls.map((c) => c.operation)).toEqual([
      'loginRequest',
      'getDatabox',
      'getDatabox',
      'getDatabox',
      'getDatabox',
      'getDatabox',
      'getDataboxEntry',
      'logoutRequest',
    ]);
    expect(fake.calls[0]!.fields).toMatchObject({ tid: '123456789', benid: 'WSUSER01', pin: PIN, herstellerid: 'ATU12345678' });
    // An empty PIN on edit keeps the current one; a wrong one makes the next import fail with FinanzOnline's reason.
    expect(await users.patch(user.id, { name: 'Webservice Linz', pin: '' })).toMatchObject({ name: 'Webservice Linz', pin_set: true });
    await users.patch(user.id, { pin: 'falsche-pin' });
    const refused = (await imports.create({ fon_user_id: user.id })) as FonImport;
    expect(await finished(refused.id)).toMatchObject({
      status: 'failed',
      reason: 'FinanzOnline refused the login (rc -4): the Teilnehmer-ID, Benutzer-ID or PIN is wrong.',
    });
    // The failed fetch is retried from /error: again with the wrong PIN another attempt; with the right one it succeeds and the failure closes.
    const errors = (await session.signedIn('admin')).app.service('rpa-errors');
    const failure = () => errors.get(`fon-fetch-${user.id}-${TAX_YEAR}`) as Promise<RpaErrorRecord>;
    expect(await eventually(async () => await failure().catch(() => undefined))).toMatchObject({
      kind: 'fon_import_failed',
      retryable: true,
      attempts: 1,
      ref: refused.id,
    });
    const latestJob = async () =>
      ((await imports.find({ query: { fon_user_id: user.id, $sort: { started_at: -1 }, $limit: 1 } })) as Paginated<FonImport>).data[0]!;
    await errors.patch(`fon-fetch-${user.id}-${TAX_YEAR}`, { action: 'retry' });
    const retried = await latestJob();
    expect(retried).toMatchObject({ source: 'fon-webservice', tax_year: TAX_YEAR });
    expect(retried.id).not.toBe(refused.id);
    expect(await finished(retried.id)).toMatchObject({ status: 'failed' });
    expect(await eventually(async () => ((await failure()).attempts === 2 ? failure() : undefined))).toMatchObject({ status: 'open', ref: retried.id });
    await users.patch(user.id, { pin: PIN });
    await errors.patch(`fon-fetch-${user.id}-${TAX_YEAR}`, { action: 'retry' });
    expect(await finished((await latestJob()).id)).toMatchObject({ status: 'done' });
    expect(await eventually(async () => ((await failure()).status === 'resolved' ? failure() : undefined))).toMatchObject({ resolution: 'succeeded' });
    expect(await users.remove(user.id)).toMatchObject({ id: user.id });
  });

  it('never answers or pushes the WebEKU password or a PIN, and the event log keeps them unreadable', async () => {
    const { firms } = await services();
    const patched = keep(await firms.patch(firm.id, { webeku_password: `${PASSWORD}-neu` }));
    expect(patched).toMatchObject({ webeku_password_set: true });
    expect(await firms.patch(firm.id, { name: 'Integration Kanzlei OG', webeku_password: '' })).toMatchObject({
      name: 'Integration Kanzlei OG',
      webeku_password_set: true,
    });
    await eventually(async () => (pushes.some((p) => p.includes('Integration Kanzlei OG')) ? true : undefined));
    const secrets = [PASSWORD, PIN, 'falsche-pin', 'Demo-WebEKU-2026!', 'demo-pin'];
    const everything = [...replies, ...pushes].join('\n');
    expect(pushes.filter((p) => p.startsWith('fon-firms')).length).toBeGreaterThan(0);
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/"(webeku_password|webekuPassword|pin)":/);
    // The SQLite files with their write-ahead logs (recent pages are still there).
    const file = (name: string) =>
      Buffer.concat([name, `${name}-wal`].filter((f) => existsSync(join(session.portal.dataDir, f))).map((f) => readFileSync(join(session.portal.dataDir, f))));
    const log = file('events.sqlite');
    const reads = file('read-models.sqlite');
    for (const secret of secrets) {
      expect(log.includes(Buffer.from(secret))).toBe(false);
      expect(reads.includes(Buffer.from(secret))).toBe(false);
    }
    expect(log.includes(Buffer.from('AES-256-GCM'))).toBe(true);
  });

  it('takes the responsible employee of every item with a portal client from the responsibility view, and follows a reassignment live', async () => {
    const { items } = await services();
    const app = (await session.signedIn('admin')).app;
    const responsibilities = app.service('responsibilities');
    const linkedItems = async () =>
      ((await items.find({ query: { tax_year: TAX_YEAR, client_no: { $ne: null }, $limit: 500 } })) as Paginated<FonQuotaItem>).data;
    const before = await linkedItems();
    // The demo's three linked returns and the imported firm's one.
    expect(new Set(before.map((i) => i.client_no))).toEqual(new Set([1001, 1002, 1003]));
    for (const item of before) expect(item.zustMa).toBe(((await responsibilities.get(item.client_no!)) as { responsible_name: string }).responsible_name);
    const users = (await app.service('users').find({ query: { $limit: 50 } })) as Paginated<{ id: string; username: string }>;
    // The auditor may access every client, so the responsibility may go to them.
    const auditor = users.data.find((u) => u.username === 'auditor')!;
    await responsibilities.update(1003, { responsible_id: auditor.id });
    const moved = await eventually(async () => {
      const now = (await linkedItems()).filter((i) => i.client_no === 1003);
      return now.every((i) => i.zustMa === 'Peter Lang') ? now : undefined;
    });
    expect(moved).toHaveLength(before.filter((i) => i.client_no === 1003).length);
    expect((await linkedItems()).filter((i) => i.client_no !== 1003).map((i) => i.zustMa)).toEqual(
      before.filter((i) => i.client_no !== 1003).map((i) => i.zustMa),
    );
    await eventually(async () => (pushes.some((p) => p.startsWith('fon-quota-items patched') && p.includes('"zustMa":"Peter Lang"')) ? true : undefined));
    const facets = (await items.find({ query: { view: 'facets', firm_id: firm.id, tax_year: TAX_YEAR } })) as FonItemFacets;
    expect(facets.employees.find((e) => e.name === 'Peter Lang')).toMatchObject({ items: 1 });
  });

  it('is for administrators only: other users are refused every service and the file route', async () => {
    for (const user of ['client1', 'accountant']) {
      const s = await services(user);
      for (const service of Object.values(s)) await expect(service.find({ query: {} })).rejects.toMatchObject({ name: 'Forbidden', code: 403 });
    }
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.csv');
    const res = await fetch(`${session.url}/api/fon/imports?firm_id=${firm.id}&tax_year=${TAX_YEAR}&source=fon-file`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await session.token('accountant')}` },
    });
    expect(res.status).toBe(404);
  });
});
