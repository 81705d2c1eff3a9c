import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { describeOcrEngine, ocrEngineInUse } from '@portal/extraction';
import { eventually, PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start({ PORTAL_SEED_DOCUMENTS: '0', PORTAL_LOG_PRETTY: '0' });

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
    expect(
      value(after, 'portal_commands_total', { command: 'RenameCompany', outcome: 'appended' }) -
        value(before, 'portal_commands_total', { command: 'RenameCompany', outcome: 'appended' }),
    ).toBe(5);
    expect(value(after, 'portal_events_appended_total') - value(before, 'portal_events_appended_total')).toBeGreaterThanOrEqual(5);
    // Each reply waited for the projector: at least five more lag observations (the seeds' commands may add theirs), and the projected position moved with the log.
    expect(value(after, 'portal_projector_lag_seconds_count') - value(before, 'portal_projector_lag_seconds_count')).toBeGreaterThanOrEqual(5);
    expect(value(after, 'portal_projected_position')).toBeGreaterThan(value(before, 'portal_projected_position'));
    expect(value(after, 'portal_projector_lag_events')).toBe(0);
    // No reply had to wait its full PORTAL_COMMAND_WAIT_MS: the read models reached each command's events first.
    expect(after).toContain('# TYPE portal_command_wait_timeouts_total counter');
    expect(value(after, 'portal_command_wait_timeouts_total') - value(before, 'portal_command_wait_timeouts_total')).toBe(0);
    expect(value(after, 'portal_socket_connections')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('# TYPE portal_extraction_duration_seconds histogram');
    expect(after).toContain('portal_process_resident_memory_bytes');
  });

  it('shows the OCR engine in use, in the metrics and in the version service the app info screen reads', async () => {
    const engine = await ocrEngineInUse();
    expect(value(await scrape(), 'portal_ocr_engine_info', { engine: engine.engine, version: engine.version })).toBe(1);
    const admin = await session.signedIn('admin');
    expect(await admin.app.service('version').get('version')).toMatchObject({ ocrEngine: describeOcrEngine(engine) });
  });

  it('observes HTTP latency by route and answers every request with its request id', async () => {
    const res = await fetch(`${session.url}/health`, { headers: { 'X-Request-Id': 'trace-0123456789' } });
    expect(res.headers.get('x-request-id')).toBe('trace-0123456789');
    expect((await fetch(`${session.url}/api/bootstrap`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(value(await scrape(), 'portal_http_request_duration_seconds_count', { route: '/health', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the projector lag in events while it works through a burst appended by another process, and back to 0 after', async () => {
    const events = new SqliteEventStore(join(session.portal.dataDir, 'events.sqlite'));
    const at = new Date().toISOString();
    // 40 streams of 50 events, as another api process would append them: the projector polls and works through them.
    // Each append is followed by a scrape, since on a busy machine the projector may catch up with the whole burst
    // before a single scrape at its end; the largest lag seen must be above 0.
    let behind = 0;
    for (let s = 0; s < 40; s++) {
      const stream = `metrics-probe-${randomUUID()}`;
      const drafts = Array.from({ length: 50 }, (_, i) => ({
        type: 'MetricsProbe',
        data: { i },
        metadata: { userId: 'probe', clientNo: null, time: at, commandId: randomUUID(), correlationId: 'metrics-probe' },
      }));
      await events.append(stream, sealEvents(stream, null, drafts), 'no_stream');
      behind = Math.max(behind, value(await scrape(), 'portal_projector_lag_events'));
    }
    await events.close();
    expect(behind).toBeGreaterThan(0);
    await eventually(async () => (value(await scrape(), 'portal_projector_lag_events') === 0 ? true : undefined), 60_000);
  });

  it('logs JSON lines with the request id, which the commands of that request record as their correlation id', async () => {
    const requestId = `trace-${randomUUID()}`;
    const res = await fetch(`${session.url}/api/rest/accounting-client/1003`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await session.token('admin')}`, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ company_place: 'Linz-Urfahr' }),
    });
    expect(res.status).toBe(200);
    const line = await eventually(
      async () =>
        session.portal
          .output()
          .split('\n')
          .find((l) => l.includes(requestId) && l.startsWith('{')),
      10_000,
    );
    const logged = JSON.parse(line) as {
      level: number;
      requestId: string;
      correlationId: string;
      req: { method: string; url: string };
      res: { statusCode: number };
    };
    expect(logged).toMatchObject({
      requestId,
      correlationId: requestId,
      req: { method: 'PATCH', url: '/api/rest/accounting-client/1003' },
      res: { statusCode: 200 },
    });
    expect(line).not.toContain('Bearer');
    const log = new Database(join(session.portal.dataDir, 'events.sqlite'), { readonly: true });
    const recorded = log.prepare(`SELECT type FROM events WHERE json_extract(metadata, '$.correlationId') = ?`).all(requestId) as Array<{ type: string }>;
    log.close();
    expect(recorded.map((e) => e.type)).toContain('CompanyRenamed');
  });
});
