import type { CompanySettings, Paginated, SettingsIssue } from '@portal/contracts';
import { PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start();

const settingsOf = async (user: string, client: number) => {
  const peer = await session.signedIn(user);
  const page = (await peer.app.service('company-settings').find({ query: { client_no: client } })) as Paginated<CompanySettings>;
  return page.data[0]!;
};

describe('client settings (company-settings)', () => {
  it('holds the seeded settings of an Austrian and a German client', async () => {
    const at = await settingsOf('admin', 1001);
    expect(at).toMatchObject({
      country: 'AT',
      account_system: 'DATEV',
      erp_consultant_no: 1001,
      chart_of_accounts: 'EKR',
      retention_years: 7,
      tax_rates: [20, 13, 10, 0],
      erp_client_no: 1001,
    });
    const de = await settingsOf('admin', 1004);
    expect(de).toMatchObject({
      country: 'DE',
      account_system: 'BMD',
      chart_of_accounts: 'SKR03',
      retention_years: 10,
      erp_consultant_no: 101,
      erp_client_no: 1004,
    });
    expect(de.dunning_levels).toHaveLength(3);
  });

  it('is readable by every user of the client, so reports and banking can follow it', async () => {
    expect((await settingsOf('client1', 1001)).payment_terms.skonto.length).toBeGreaterThan(0);
  });

  it('lets an administrator change dunning levels, Skonto and bank import options, and answers the new record', async () => {
    const admin = await session.signedIn('admin');
    const changed = (await admin.app.service('company-settings').patch(1003, {
      dunning_levels: [
        { level: 1, days_after_due: 10, fee: 0 },
        { level: 2, days_after_due: 24, fee: 7.5 },
      ],
      payment_terms: { net_days: 21, skonto: [{ days: 7, percent: 2.5 }] },
      bank_import: { format: 'MT940', auto_match: false, amount_tolerance: 0.05, date_tolerance_days: 3, skip_duplicates: true },
    })) as CompanySettings;
    expect(changed.dunning_levels.map((l) => l.days_after_due)).toEqual([10, 24]);
    expect(changed.payment_terms).toEqual({ net_days: 21, skonto: [{ days: 7, percent: 2.5 }] });
    expect(changed.bank_import.format).toBe('MT940');
  });

  it('refuses an expense account missing from the client’s master data with "Account not found" and changes nothing', async () => {
    const admin = await session.signedIn('admin');
    const before = await settingsOf('admin', 1002);
    const error = await admin.app
      .service('company-settings')
      .patch(1002, { default_expense_account: '999999' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'Unprocessable', code: 422 });
    expect((error as { data: { issues: SettingsIssue[] } }).data.issues).toEqual([
      { field: 'default_expense_account', key: 'accountNotFound', message: 'Account not found' },
    ]);
    expect((await settingsOf('admin', 1002)).revision).toBe(before.revision);
  });

  it('saves a form loaded before a rename of the company, and refuses one loaded before another settings change', async () => {
    const admin = await session.signedIn('admin');
    const loaded = await settingsOf('admin', 1005);
    const company = (await admin.app.service('accounting-client').get(1005)) as { company_name: string };
    await admin.app.service('accounting-client').patch(1005, { company_name: `${company.company_name} Neu` });
    expect((await settingsOf('admin', 1005)).revision).toBe(loaded.revision);
    const saved = (await admin.app
      .service('company-settings')
      .patch(1005, { retention_years: 11 }, { query: { revision: loaded.revision } })) as CompanySettings;
    expect(saved).toMatchObject({ retention_years: 11, revision: loaded.revision + 1 });
    const error = await admin.app
      .service('company-settings')
      .patch(1005, { retention_years: 12 }, { query: { revision: loaded.revision } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'Conflict', code: 409 });
    expect(await settingsOf('admin', 1005)).toMatchObject({ retention_years: 11, revision: loaded.revision + 1 });
  });

  it('accepts an expense account of the master data', async () => {
    const admin = await session.signedIn('admin');
    const changed = (await admin.app.service('company-settings').patch(1002, { default_expense_account: '770000' })) as CompanySettings;
    expect(changed.default_expense_account).toBe('770000');
  });

  it('refuses rules broken across fields with each issue and its key', async () => {
    const admin = await session.signedIn('admin');
    const error = (await admin.app
      .service('company-settings')
      .patch(1001, { retention_years: 5, tax_rates: [20, 20] })
      .catch((e: unknown) => e)) as { name: string; data: { issues: SettingsIssue[] } };
    expect(error.name).toBe('Unprocessable');
    expect(error.data.issues.map((i) => i.key).sort()).toEqual(['retentionTooShort', 'taxRateInvalid']);
  });

  it('answers BadRequest for shapes that are wrong, naming the field', async () => {
    const admin = await session.signedIn('admin');
    await expect(admin.app.service('company-settings').patch(1001, { fiscal_year_start_month: 'July' })).rejects.toMatchObject({
      name: 'BadRequest',
      message: expect.stringContaining('fiscal_year_start_month'),
    });
    await expect(admin.app.service('company-settings').patch(1001, { unknown_setting: 1 })).rejects.toMatchObject({ name: 'BadRequest' });
    await expect(admin.app.service('company-settings').update(1001, { retention_years: 7 })).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it('refuses changes by users without adm', async () => {
    const accountant = await session.signedIn('accountant');
    await expect(accountant.app.service('company-settings').patch(1001, { retention_years: 8 })).rejects.toMatchObject({ name: 'Forbidden' });
  });
});
