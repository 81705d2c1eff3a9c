import { specFor } from '../../test/given-when-then';
import { portalDecider } from './portal.decide';
import type { PortalSettings } from './portal.events';

const settings: PortalSettings = {
  brandShort: 'KP',
  brandName: 'Kanzlei',
  slogan: { en: 'independent, competent, reliable.', de: 'unabhängig, kompetent, zuverlässig.' },
  docUrl: 'https://wiki',
  provider: 'p',
  defaultAccountSystem: 'DATEV',
  maxUploadBytes: 1,
  timeZone: 'Europe/Vienna',
};
const spec = specFor(portalDecider);
const configured = { type: 'PortalConfigured' as const, data: settings };

describe('portal configuration', () => {
  it('records the first configuration', () => spec([]).when({ type: 'ConfigurePortal', settings }).then([configured]));
  it('records nothing when the configuration is unchanged', () => spec([configured]).when({ type: 'ConfigurePortal', settings }).then([]));
  it('records a changed documentation link', () =>
    spec([configured])
      .when({ type: 'ConfigurePortal', settings: { ...settings, docUrl: 'https://new' } })
      .then([{ type: 'PortalConfigured', data: { ...settings, docUrl: 'https://new' } }]));
  it('refuses an empty brand', () =>
    spec([])
      .when({ type: 'ConfigurePortal', settings: { ...settings, brandShort: ' ' } })
      .thenThrows('brandShort must not be empty.'));
});

describe("the firm's time zone", () => {
  it('records a zone an administrator chooses', () =>
    spec([configured])
      .when({ type: 'SetFirmTimeZone', timeZone: 'America/New_York' })
      .then([{ type: 'FirmTimeZoneSet', data: { timeZone: 'America/New_York' } }]));
  it('records nothing when the zone is the configured default already in force', () =>
    spec([configured]).when({ type: 'SetFirmTimeZone', timeZone: 'Europe/Vienna' }).then([]));
  it('records nothing when the same zone is chosen again', () =>
    spec([configured, { type: 'FirmTimeZoneSet', data: { timeZone: 'Asia/Tokyo' } }])
      .when({ type: 'SetFirmTimeZone', timeZone: 'Asia/Tokyo' })
      .then([]));
  it('records the way back to the default zone once another was chosen', () =>
    spec([configured, { type: 'FirmTimeZoneSet', data: { timeZone: 'Asia/Tokyo' } }])
      .when({ type: 'SetFirmTimeZone', timeZone: 'Europe/Vienna' })
      .then([{ type: 'FirmTimeZoneSet', data: { timeZone: 'Europe/Vienna' } }]));
  it('keeps the chosen zone when the server records its configuration again at a start', () =>
    spec([
      configured,
      { type: 'FirmTimeZoneSet', data: { timeZone: 'Asia/Tokyo' } },
      { type: 'PortalConfigured', data: { ...settings, docUrl: 'https://new' } },
    ])
      .when({ type: 'SetFirmTimeZone', timeZone: 'Asia/Tokyo' })
      .then([]));
  it('takes Europe/Vienna as the zone in force before any configuration', () => spec([]).when({ type: 'SetFirmTimeZone', timeZone: 'Europe/Vienna' }).then([]));
  it('refuses a name that is no time zone', () =>
    spec([configured])
      .when({ type: 'SetFirmTimeZone', timeZone: 'Mars/Olympus' })
      .thenThrows('timeZone must be a time zone like Europe/Vienna, got Mars/Olympus.'));
  it('refuses an empty name', () =>
    spec([configured])
      .when({ type: 'SetFirmTimeZone', timeZone: '' })
      .thenThrows(/must be a time zone/));
});
