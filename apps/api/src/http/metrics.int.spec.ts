import { PortalSession } from '../testing/portal-session.testing';

jest.setTimeout(120_000);

const session = PortalSession.start();

/** The value of a metric line (`name{labels} value`), summed over every label set matching. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-z_:]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => (match[2] ?? '').includes(`${k}="${v}"`))) sum += Number(match[3]);
  }
  return sum;
}

const scrape = async () => {
  const res = await fetch(`${session.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};

describe('GET /metrics (Prometheus)', () => {
  it('counts commands and appended events and shows the projector catching up with them', async () => {
    const before = await scrape();
    const admin = await session.signedIn('admin');
    for (let i = 0; i < 5; i++) await admin.app.service('accounting-client').patch(1001, { company_place: `Innsbruck ${i}` });
    const after = await scrape();
    expect(value(after, 'portal_commands_total', { command: 'RenameCompany', outcome: 'appended' }) - value(before, 'portal_commands_total', { command: 'RenameCompany', outcome: 'appended' })).toBe(5);
    expect(value(after, 'portal_events_appended_total') - value(before, 'portal_events_appended_total')).toBeGreaterThanOrEqual(5);
    // Each reply waited for the projector: at least five more lag observations (the seeds' commands may add theirs), and the projected position moved with the log.
    expect(value(after, 'portal_projector_lag_seconds_count') - value(before, 'portal_projector_lag_seconds_count')).toBeGreaterThanOrEqual(5);
    expect(value(after, 'portal_projected_position')).toBeGreaterThan(value(before, 'portal_projected_position'));
    expect(value(after, 'portal_projector_lag_events')).toBe(0);
    expect(value(after, 'portal_socket_connections')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('# TYPE portal_extraction_duration_seconds histogram');
    expect(after).toContain('portal_process_resident_memory_bytes');
  });

  it('observes HTTP latency by route and answers every request with its request id', async () => {
    const res = await fetch(`${session.url}/health`, { headers: { 'X-Request-Id': 'trace-0123456789' } });
    expect(res.headers.get('x-request-id')).toBe('trace-0123456789');
    expect((await fetch(`${session.url}/api/bootstrap`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(value(await scrape(), 'portal_http_request_duration_seconds_count', { route: '/health', status: '200' })).toBeGreaterThanOrEqual(1);
  });
});
