import { fakeFinanzOnline } from '../../../../test/fake-finanzonline';
import { FinanzOnlineClient } from './finanzonline-client';

const LIST = Buffer.from(
  '<Quotenliste Veranlagungsjahr="2025"><Erklaerung><Steuernummer>46-123/4567</Steuernummer><Name>A</Name><Erklaerungsart>KSt</Erklaerungsart></Erklaerung></Quotenliste>',
);

describe('the FinanzOnline web-service adapter against a local server with the documented SOAP replies', () => {
  let fake: Awaited<ReturnType<typeof fakeFinanzOnline>>;
  let client: FinanzOnlineClient;
  beforeAll(async () => {
    fake = await fakeFinanzOnline(LIST);
    client = new FinanzOnlineClient(
      { sessionUrl: `${fake.url}/fonws/ws/session`, databoxUrl: `${fake.url}/fon/ws/databox`, herstellerId: 'ATU12345678', timeoutMs: 5000 },
      () => new Date('2026-11-27T12:00:00Z'),
    );
  });
  afterAll(() => fake.close());

  it('logs in, lists the DataBox in windows of 7 days over 31 days, reads the newest quota list and logs out', async () => {
    fake.calls.length = 0;
    const file = await client.fetchQuotaFile({ tid: '123456789', benid: 'WSUSER01', pin: 'geheim' }, { taxYear: 2025 });
    expect(file).toEqual({ fileName: 'Quotenliste_2025.xml', content: LIST });
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
    expect(fake.calls[0]).toMatchObject({
      path: '/fonws/ws/session',
      action: 'login',
      fields: { tid: '123456789', benid: 'WSUSER01', pin: 'geheim', herstellerid: 'ATU12345678' },
    });
    const windows = fake.calls.filter((c) => c.operation === 'getDatabox').map((c) => [c.fields.ts_zust_von, c.fields.ts_zust_bis]);
    expect(windows).toEqual([
      ['2026-11-21', '2026-11-27'],
      ['2026-11-14', '2026-11-20'],
      ['2026-11-07', '2026-11-13'],
      ['2026-10-31', '2026-11-06'],
      ['2026-10-28', '2026-10-30'],
    ]);
    expect(fake.calls[6]).toMatchObject({ path: '/fon/ws/databox', fields: { id: 'SESSION-42', applkey: 'KEY-NEW' } });
    expect(fake.calls[7]!.fields).toMatchObject({ id: 'SESSION-42' });
  });

  it('names the reason of a refused login (rc −4: wrong credentials)', async () => {
    await expect(client.fetchQuotaFile({ tid: '123456789', benid: 'WSUSER01', pin: 'falsch' }, { taxYear: 2025 })).rejects.toMatchObject({
      rc: -4,
      message: 'FinanzOnline refused the login (rc -4): the Teilnehmer-ID, Benutzer-ID or PIN is wrong.',
    });
  });

  it('says when the DataBox holds no quota list of the year, and logs out all the same', async () => {
    fake.calls.length = 0;
    await expect(client.fetchQuotaFile({ tid: '123456789', benid: 'WSUSER01', pin: 'geheim' }, { taxYear: 2024 })).rejects.toThrow(
      'The DataBox holds no quota list of 2024 from the last 31 days.',
    );
    expect(fake.calls[fake.calls.length - 1]!.operation).toBe('logoutRequest');
  });

  it('reports an unreachable service and a SOAP fault clearly', async () => {
    const away = new FinanzOnlineClient({
      sessionUrl: 'http://127.0.0.1:9/session',
      databoxUrl: 'http://127.0.0.1:9/databox',
      herstellerId: 'ATU12345678',
      timeoutMs: 2000,
    });
    await expect(away.login({ tid: '1', benid: 'b', pin: 'p' })).rejects.toThrow(/FinanzOnline cannot be reached/);
    const wrong = new FinanzOnlineClient({ sessionUrl: `${fake.url}/x`, databoxUrl: `${fake.url}/x`, herstellerId: 'ATU12345678', timeoutMs: 2000 });
    await expect(wrong.logout({ tid: '1', benid: 'b', pin: 'p' }, 'S')).resolves.toBeUndefined();
  });
});
