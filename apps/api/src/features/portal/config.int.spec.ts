import type { PortalConfig } from '@portal/contracts';
import { PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start();
const YEAR = new Date().getUTCFullYear() - 1;
const config = async (user: string) => (await (await session.signedIn(user)).app.service('config').get('portal')) as PortalConfig;
const download = async (path: string) =>
  (await fetch(`${session.url}/api/reports/${path}`, { headers: { authorization: `Bearer ${await session.token('admin')}` } })).text();
/** The as-of line of a report CSV written in German: its moment as the firm's wall-clock time. */
const asOfLine = (csv: string) => csv.split('\r\n').find((l) => l.startsWith('"Stand"'));

describe("the firm's time zone (config patch)", () => {
  afterAll(async () => {
    // Other specs of the run read the default zone.
    await (await session.signedIn('admin')).app.service('config').patch('portal', { timeZone: 'Europe/Vienna' });
  });

  it('is the configured default, Europe/Vienna, for every signed-in user', async () => {
    expect((await config('client1')).timeZone).toBe('Europe/Vienna');
  });

  it('is changed by an administrator, pushed to every connection, and written into report downloads from then on', async () => {
    const csvBefore = await download(`1001/vat.csv?from=${YEAR}-01-01&to=${YEAR}-12-31&asOf=${YEAR}-07-01T12:00:00Z&lang=de`);
    expect(asOfLine(csvBefore)).toBe(`"Stand";"01.07.${YEAR}, 14:00"`);
    const watcher = await session.signedIn('client1');
    const pushed = new Promise<PortalConfig>((resolve) =>
      watcher.app.service('config').on('patched', (c: PortalConfig) => c.timeZone === 'America/New_York' && resolve(c)),
    );
    const admin = await session.signedIn('admin');
    const changed = (await admin.app.service('config').patch('portal', { timeZone: 'America/New_York' })) as PortalConfig;
    expect(changed).toMatchObject({ timeZone: 'America/New_York', brandShort: expect.any(String) });
    expect((await pushed).timeZone).toBe('America/New_York');
    expect((await config('accountant')).timeZone).toBe('America/New_York');
    const csvAfter = await download(`1001/vat.csv?from=${YEAR}-01-01&to=${YEAR}-12-31&asOf=${YEAR}-07-01T12:00:00Z&lang=de`);
    expect(asOfLine(csvAfter)).toBe(`"Stand";"01.07.${YEAR}, 08:00"`);
  });

  it('answers the same record when the zone in force is set again (no new event)', async () => {
    const admin = await session.signedIn('admin');
    const first = (await admin.app.service('config').patch('portal', { timeZone: 'Asia/Tokyo' })) as PortalConfig;
    const again = (await admin.app.service('config').patch('portal', { timeZone: 'Asia/Tokyo' })) as PortalConfig;
    expect(again).toEqual(first);
  });

  it('needs adm (403 for an accountant and a client user) and changes nothing', async () => {
    const before = await config('admin');
    for (const user of ['accountant', 'client1']) {
      await expect((await session.signedIn(user)).app.service('config').patch('portal', { timeZone: 'Europe/London' })).rejects.toMatchObject({
        name: 'Forbidden',
        code: 403,
      });
    }
    expect(await config('admin')).toEqual(before);
  });

  it('refuses a name that is no time zone, other fields and another record with a clear error, and changes nothing', async () => {
    const service = (await session.signedIn('admin')).app.service('config');
    const before = await config('admin');
    await expect(service.patch('portal', { timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      name: 'BadRequest',
      code: 400,
      message: 'Invalid portal settings: timeZone: must be a time zone like Europe/Vienna',
    });
    await expect(service.patch('portal', { timeZone: 42 })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
    await expect(service.patch('portal', { timeZone: 'Europe/London', brandShort: 'X' })).rejects.toMatchObject({ name: 'BadRequest', code: 400 });
    await expect(service.patch('other', { timeZone: 'Europe/London' })).rejects.toMatchObject({ name: 'NotFound', code: 404 });
    expect(await config('admin')).toEqual(before);
  });
});
