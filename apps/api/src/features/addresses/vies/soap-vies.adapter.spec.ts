import { checkVatId } from '../vat-check';
import { startFakeVies, type FakeVies } from '../../../../test/fake-vies';
import { SoapViesAdapter } from './soap-vies.adapter';
import { VIES_FAULTS } from './vies.port';

/** Test VAT IDs (valid checksums per jsvat). */
const VALID = 'ATU13585627';
const INVALID = 'DE136695976';

let fake: FakeVies;
let url: string;
let received: string[];
beforeAll(async () => {
  fake = await startFakeVies();
  url = fake.url;
  received = fake.received;
});
afterAll(() => fake.close());

const adapter = (options: Partial<ConstructorParameters<typeof SoapViesAdapter>[0]> = {}) => new SoapViesAdapter({ url, timeoutMs: 2_000, ...options });

describe('VIES SOAP adapter against a server answering the documented messages', () => {
  it('sends checkVat with the member-state code and the number without prefix', async () => {
    fake.behaviour = 'answer';
    await adapter().checkVat({ countryCode: 'AT', vatNumber: 'U13585627' });
    expect(received.at(-1)).toContain('<urn:checkVat><urn:countryCode>AT</urn:countryCode><urn:vatNumber>U13585627</urn:vatNumber></urn:checkVat>');
  });

  it('reads a valid answer with request date, registered name and address', async () => {
    fake.behaviour = 'answer';
    const outcome = await checkVatId(VALID, 'AT', adapter());
    expect(outcome).toMatchObject({
      result: 'valid',
      source: 'vies',
      request_date: '2026-01-15+01:00',
      registered_name: 'ALPENSTROM ENERGIE AG',
      registered_address: 'KRAFTWERKSTRASSE 4\n6020 INNSBRUCK',
      fault: null,
    });
  });

  it('reads an invalid answer as invalid, with "---" as no name', async () => {
    fake.behaviour = 'invalid';
    const outcome = await checkVatId(INVALID, 'DE', adapter());
    expect(outcome).toMatchObject({ result: 'invalid', source: 'vies', registered_name: null });
  });

  it('asks checkVatApprox with the firm’s own VAT ID and keeps the consultation number as proof', async () => {
    fake.behaviour = 'answer';
    const outcome = await checkVatId(VALID, 'AT', adapter({ requester: { countryCode: 'DE', vatNumber: '136695976' } }));
    expect(received.at(-1)).toContain('<urn:requesterCountryCode>DE</urn:requesterCountryCode><urn:requesterVatNumber>136695976</urn:requesterVatNumber>');
    expect(outcome).toMatchObject({ result: 'valid', consultation_number: 'WAPIAAAAXyzAbc12', registered_name: 'ALPENSTROM ENERGIE AG' });
  });

  it.each([
    'MS_UNAVAILABLE',
    'TIMEOUT',
    'SERVICE_UNAVAILABLE',
    'SERVER_BUSY',
    'MS_MAX_CONCURRENT_REQ',
    'GLOBAL_MAX_CONCURRENT_REQ',
    'MS_MAX_CONCURRENT_REQ_TIME',
    'GLOBAL_MAX_CONCURRENT_REQ_TIME',
    'VAT_BLOCKED',
    'IP_BLOCKED',
  ])('turns the fault %s into "check failed", never "invalid"', async (code) => {
    fake.behaviour = code;
    expect(await checkVatId(VALID, 'AT', adapter())).toMatchObject({ result: 'check_failed', source: 'vies', fault: code });
  });

  it('turns INVALID_INPUT into a format error and INVALID_REQUESTER_INFO into an unknown error', async () => {
    fake.behaviour = 'INVALID_INPUT';
    expect(await checkVatId(VALID, 'AT', adapter())).toMatchObject({ result: 'format_error', fault: 'INVALID_INPUT' });
    fake.behaviour = 'INVALID_REQUESTER_INFO';
    expect(await checkVatId(VALID, 'AT', adapter())).toMatchObject({ result: 'unknown_error', fault: 'INVALID_REQUESTER_INFO' });
  });

  it('covers every documented fault string', () =>
    expect(VIES_FAULTS).toEqual(
      expect.arrayContaining([
        'INVALID_INPUT',
        'SERVICE_UNAVAILABLE',
        'MS_UNAVAILABLE',
        'TIMEOUT',
        'SERVER_BUSY',
        'MS_MAX_CONCURRENT_REQ',
        'GLOBAL_MAX_CONCURRENT_REQ',
        'INVALID_REQUESTER_INFO',
      ]),
    ));

  it('reports "check failed" when VIES does not answer in time', async () => {
    fake.behaviour = 'hang';
    const started = Date.now();
    expect(await checkVatId(VALID, 'AT', adapter({ timeoutMs: 300 }))).toMatchObject({ result: 'check_failed', fault: 'No reply within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports "check failed" when nothing listens at the address', async () => {
    const closed = new SoapViesAdapter({ url: 'http://127.0.0.1:9/checkVatService', timeoutMs: 1_000 });
    expect(await checkVatId(VALID, 'AT', closed)).toMatchObject({ result: 'check_failed', fault: expect.stringContaining('VIES not reachable') });
  });

  it('reports "unknown error" for a reply that is not VIES’s', async () => {
    fake.behaviour = 'garbage';
    expect((await checkVatId(VALID, 'AT', adapter())).result).toBe('unknown_error');
    fake.behaviour = 'html500';
    expect(await checkVatId(VALID, 'AT', adapter())).toMatchObject({ result: 'unknown_error', fault: expect.stringContaining('HTTP 500') });
  });
});

describe('VAT ID check before VIES', () => {
  const never = { checkVat: () => Promise.reject(new Error('VIES must not be asked')) };

  it('says "empty" for no VAT ID', async () => expect((await checkVatId('  ', 'AT', never)).result).toBe('empty'));

  it('says "format error" for a wrong format or checksum, without asking VIES', async () => {
    expect(await checkVatId('ATU1234', 'AT', never)).toMatchObject({ result: 'format_error', fault: 'format' });
    expect(await checkVatId('DE136695977', 'DE', never)).toMatchObject({ result: 'format_error', fault: 'checksum' });
    expect(await checkVatId('XX123456789', null, never)).toMatchObject({ result: 'format_error' });
  });

  it('says "invalid for the selected country" for another country’s VAT ID', async () =>
    expect(await checkVatId('DE136695976', 'AT', never)).toMatchObject({ result: 'invalid_for_country', fault: 'VAT ID of DE' }));

  it('normalises spaces, dots and lower case before checking', async () => {
    fake.behaviour = 'answer';
    expect(await checkVatId('atu 135.856-27', 'at', adapter())).toMatchObject({ vat_id: 'ATU13585627', country: 'AT', result: 'valid' });
  });

  it('says "unknown error" when the port itself throws', async () =>
    expect(await checkVatId(VALID, 'AT', { checkVat: () => Promise.reject(new Error('boom')) })).toMatchObject({ result: 'unknown_error', fault: 'boom' }));
});
