import { loadPortalConfig } from './portal-config';

describe('the firm time zone of the portal configuration', () => {
  it('is Europe/Vienna unless PORTAL_TIME_ZONE names another', () => {
    expect(loadPortalConfig({}).timeZone).toBe('Europe/Vienna');
    expect(loadPortalConfig({ PORTAL_TIME_ZONE: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
  });

  it("stops the start with the variable's name when the zone is unknown", () => {
    expect(() => loadPortalConfig({ PORTAL_TIME_ZONE: 'Vienna' })).toThrow('PORTAL_TIME_ZONE must be a time zone like Europe/Vienna, got Vienna');
  });
});
