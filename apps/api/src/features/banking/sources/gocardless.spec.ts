import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BankConnectorError } from './bank-connector';
import { GoCardlessConnector } from './gocardless';

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  body: unknown;
}

/** Answers the documented GoCardless Bank Account Data v2 responses (the fields the adapter reads). */
function fakeGoCardless(status: { requisition: string }): { server: Server; seen: Seen[] } {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body: raw ? JSON.parse(raw) : null });
      const send = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = req.url ?? '';
      const credentials = raw ? (JSON.parse(raw) as { secret_key?: string }) : {};
      if (req.method === 'POST' && url === '/api/v2/token/new/' && credentials.secret_key !== 'skey')
        return send(401, { summary: 'Authentication failed', detail: 'No active account found with the given credentials', status_code: 401 });
      if (req.method === 'POST' && url === '/api/v2/token/new/')
        return send(200, { access: 'acc-1', access_expires: 86400, refresh: 'ref-1', refresh_expires: 2592000 });
      if (req.headers.authorization !== 'Bearer acc-1')
        return send(401, { summary: 'Authentication failed', detail: 'No active account found with the given credentials', status_code: 401 });
      if (req.method === 'GET' && url.startsWith('/api/v2/institutions/?country=at'))
        return send(200, [
          {
            id: 'ERSTE_BANK_GIBAATWW',
            name: 'Erste Bank',
            bic: 'GIBAATWW',
            transaction_total_days: '540',
            max_access_valid_for_days: '180',
            countries: ['AT'],
            logo: '',
          },
        ]);
      if (req.method === 'POST' && url === '/api/v2/agreements/enduser/')
        return send(201, {
          id: 'agr-1',
          created: '2026-03-01T10:00:00Z',
          max_historical_days: 90,
          access_valid_for_days: 180,
          access_scope: ['balances', 'details', 'transactions'],
          accepted: null,
          institution_id: 'ERSTE_BANK_GIBAATWW',
        });
      if (req.method === 'POST' && url === '/api/v2/requisitions/')
        return send(201, {
          id: 'req-1',
          status: 'CR',
          agreement: 'agr-1',
          accounts: [],
          link: 'https://ob.gocardless.com/psd2/start/req-1/ERSTE_BANK_GIBAATWW',
        });
      if (req.method === 'GET' && url === '/api/v2/requisitions/req-1/')
        return send(200, { id: 'req-1', status: status.requisition, institution_id: 'ERSTE_BANK_GIBAATWW', accounts: ['acc-uuid-1'] });
      if (req.method === 'DELETE' && url === '/api/v2/requisitions/req-1/')
        return send(200, { summary: 'Requisition deleted', detail: 'Requisition req-1 deleted with all its End User Agreements' });
      if (req.method === 'DELETE') return send(404, { summary: 'Not found.', detail: 'Not found.', status_code: 404 });
      if (url === '/api/v2/accounts/acc-uuid-1/')
        return send(200, {
          id: 'acc-uuid-1',
          iban: 'AT611904300234573201',
          institution_id: 'ERSTE_BANK_GIBAATWW',
          status: 'READY',
          owner_name: 'Alpenblick Gastronomie GmbH',
        });
      if (url === '/api/v2/accounts/acc-uuid-1/details/')
        return send(200, {
          account: { resourceId: 'r1', iban: 'AT611904300234573201', currency: 'EUR', name: 'Geschäftskonto', product: 'Business', bic: 'GIBAATWW' },
        });
      if (url.startsWith('/api/v2/accounts/acc-uuid-1/transactions/'))
        return send(200, {
          transactions: {
            booked: [
              {
                transactionId: 'T-1',
                bookingDate: '2026-03-02',
                valueDate: '2026-03-02',
                transactionAmount: { amount: '1234.56', currency: 'EUR' },
                debtorName: 'Gasthof Post',
                debtorAccount: { iban: 'AT48 3200 0000 1234 5864' },
                remittanceInformationUnstructured: 'Rechnung  AR-42',
                endToEndId: 'NOTPROVIDED',
              },
              {
                transactionId: 'T-2',
                bookingDate: '2026-03-03',
                transactionAmount: { amount: '-89.90', currency: 'EUR' },
                creditorName: 'Metro Österreich',
                remittanceInformationUnstructuredArray: ['Einkauf', 'Filiale 7'],
                endToEndId: 'E2E-9',
                bankTransactionCode: 'PMNT-ICDT-STDO',
              },
            ],
            pending: [{ transactionAmount: { amount: '-15.00', currency: 'EUR' }, valueDate: '2026-03-04', creditorName: 'A1 Telekom' }],
          },
        });
      if (url === '/api/v2/accounts/acc-uuid-1/balances/')
        return send(200, {
          balances: [
            { balanceAmount: { amount: '5144.66', currency: 'EUR' }, balanceType: 'interimAvailable' },
            { balanceAmount: { amount: '5159.66', currency: 'EUR' }, balanceType: 'closingBooked', referenceDate: '2026-03-03' },
          ],
        });
      return send(404, { summary: 'Not found.', detail: `No route ${req.method} ${url}`, status_code: 404 });
    });
  });
  return { server, seen };
}

describe('the GoCardless Bank Account Data adapter against a local server with the documented answers', () => {
  const status = { requisition: 'CR' };
  const { server, seen } = fakeGoCardless(status);
  let connector: GoCardlessConnector;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    connector = new GoCardlessConnector({ baseUrl: `http://127.0.0.1:${port}`, secretId: 'sid', secretKey: 'skey' }, () => new Date('2026-03-01T10:00:00Z'));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists institutions with their maximum validity, signing in with the secrets once', async () => {
    const list = await connector.institutions('AT');
    expect(list).toEqual([{ id: 'ERSTE_BANK_GIBAATWW', name: 'Erste Bank', bic: 'GIBAATWW', source: 'gocardless', max_valid_days: 180, countries: ['AT'] }]);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v2/token/new/', body: { secret_id: 'sid', secret_key: 'skey' } });
    await connector.institutions('AT');
    expect(seen.filter((s) => s.url === '/api/v2/token/new/')).toHaveLength(1);
  });

  it('requests a consent as an agreement with access_valid_for_days and a requisition whose link the customer opens', async () => {
    const start = await connector.requestConsent({
      clientNo: 1001,
      institutionId: 'ERSTE_BANK_GIBAATWW',
      validDays: 180,
      reference: 'acc-7',
      redirect: 'http://127.0.0.1:3501/banking/1001',
    });
    expect(start).toEqual({ requisitionId: 'req-1', link: 'https://ob.gocardless.com/psd2/start/req-1/ERSTE_BANK_GIBAATWW', granted: false });
    expect(seen.find((s) => s.url === '/api/v2/agreements/enduser/')?.body).toEqual({
      institution_id: 'ERSTE_BANK_GIBAATWW',
      max_historical_days: 90,
      access_valid_for_days: 180,
      access_scope: ['balances', 'details', 'transactions'],
    });
    expect(seen.find((s) => s.url === '/api/v2/requisitions/')?.body).toMatchObject({
      agreement: 'agr-1',
      institution_id: 'ERSTE_BANK_GIBAATWW',
      redirect: 'http://127.0.0.1:3501/banking/1001',
    });
  });

  it('has no accounts until the requisition is linked, then reads them with their details', async () => {
    await expect(connector.consentedAccounts('req-1')).resolves.toBeNull();
    status.requisition = 'LN';
    await expect(connector.consentedAccounts('req-1')).resolves.toEqual([
      { remoteId: 'acc-uuid-1', iban: 'AT611904300234573201', currency: 'EUR', name: 'Geschäftskonto', bic: 'GIBAATWW', bankName: 'ERSTE_BANK_GIBAATWW' },
    ]);
  });

  it('refuses an expired requisition with a reason', async () => {
    status.requisition = 'EX';
    await expect(connector.consentedAccounts('req-1')).rejects.toThrow('The requisition is EX (rejected, expired or suspended); start a new consent.');
    status.requisition = 'LN';
  });

  it('maps booked and pending transactions and the closing booked balance', async () => {
    const account = { remoteId: 'acc-uuid-1', iban: 'AT611904300234573201', currency: 'EUR', name: 'x', bic: null, bankName: 'Erste Bank' };
    const result = await connector.transactions(account, '2026-03-01', '2026-03-04');
    expect(seen.some((s) => s.url === '/api/v2/accounts/acc-uuid-1/transactions/?date_from=2026-03-01&date_to=2026-03-04')).toBe(true);
    expect(
      result.booked.map((e) => [e.bookingDate, e.amountCents, e.counterpartyName, e.counterpartyIban, e.remittance, e.endToEndId, e.bankReference]),
    ).toEqual([
      ['2026-03-02', 123_456, 'Gasthof Post', 'AT483200000012345864', 'Rechnung AR-42', null, 'T-1'],
      ['2026-03-03', -8_990, 'Metro Österreich', null, 'Einkauf Filiale 7', 'E2E-9', 'T-2'],
    ]);
    expect(new Set(result.booked.map((e) => e.key)).size).toBe(2);
    expect(result.pending.map((e) => [e.status, e.bookingDate, e.amountCents, e.counterpartyName])).toEqual([['pending', '2026-03-04', -1_500, 'A1 Telekom']]);
    expect(result.closing).toEqual({ amountCents: 515_966, date: '2026-03-03' });
  });

  it('revokes by deleting the requisition, and a requisition already gone is no error', async () => {
    await connector.revoke('req-1');
    await connector.revoke('req-gone');
    expect(seen.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/v2/requisitions/req-1/', '/api/v2/requisitions/req-gone/']);
  });

  it('reports a refused sign-in as a connector error with the status and the detail', async () => {
    const port = (server.address() as AddressInfo).port;
    const wrong = new GoCardlessConnector({ baseUrl: `http://127.0.0.1:${port}`, secretId: 'sid', secretKey: 'bad' });
    const error = await wrong.institutions('AT').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankConnectorError);
    expect(error).toMatchObject({ status: 401, message: 'POST /api/v2/token/new/ answered 401: No active account found with the given credentials' });
  });
});
