import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { PORTAL_CONFIG } from '@portal/read-models';
import { PORTAL_STREAM_ID } from '@portal/domain';
import { liveAndReplayed } from '../../test/live-and-replayed';
import { portalConfigProjection } from './portal-config.projection';

const meta = (n: number) => ({ userId: 'system', clientNo: null, time: `2026-05-01T09:00:0${n}.000Z`, commandId: `c${n}`, correlationId: `c${n}` });
const settings = {
  brandShort: 'KP',
  brandName: 'Kanzlei',
  slogan: { en: 'e', de: 'd' },
  docUrl: 'https://wiki',
  provider: 'p',
  defaultAccountSystem: 'DATEV',
  maxUploadBytes: 1,
  timeZone: 'Europe/Vienna',
};
const configured = (n: number, docUrl = 'https://wiki') => ({ type: 'PortalConfigured', data: { ...settings, docUrl }, metadata: meta(n) });
const zoneSet = (timeZone: string, n: number) => ({ type: 'FirmTimeZoneSet', data: { timeZone }, metadata: meta(n) });

const projected = (events: SqliteEventStore) => liveAndReplayed(events, [portalConfigProjection]);

describe("the portal configuration's time zone", () => {
  it('is the configured default until an administrator chooses one', async () => {
    const events = new SqliteEventStore(':memory:');
    await events.append(PORTAL_STREAM_ID, sealEvents(PORTAL_STREAM_ID, null, [configured(1)]), 'no_stream');
    const { live } = await projected(events);
    const config = await live.get(PORTAL_CONFIG, 'portal');
    expect(config).toMatchObject({ timeZone: 'Europe/Vienna', brandShort: 'KP' });
    expect(config?.firmTimeZone).toBeUndefined();
  });

  it('keeps the chosen zone through a later start that records the configuration again, and a replay rebuilds the same record', async () => {
    const events = new SqliteEventStore(':memory:');
    await events.append(
      PORTAL_STREAM_ID,
      sealEvents(PORTAL_STREAM_ID, null, [configured(1), zoneSet('America/New_York', 2), configured(3, 'https://new')]),
      'no_stream',
    );
    const { live, replayed } = await projected(events);
    expect(await live.get(PORTAL_CONFIG, 'portal')).toMatchObject({
      timeZone: 'America/New_York',
      firmTimeZone: 'America/New_York',
      docUrl: 'https://new',
      brandName: 'Kanzlei',
    });
    expect(await replayed.get(PORTAL_CONFIG, 'portal')).toEqual(await live.get(PORTAL_CONFIG, 'portal'));
  });
});
