import { flush } from '../test-support/fake-socket';
import { makeRoot, portalConfig, portalSocket, versionInfo } from '../test-support/fixtures';
import { firmTimeZone, setFirmTimeZone } from '../i18n/format';
import { VERSION_CHECK_INTERVAL_MS, compareSemver, parseSemver } from './ConfigStore';

describe('ConfigStore', () => {
  it('uses the bootstrap brand until the backend config is loaded', async () => {
    const { root } = makeRoot();
    expect(root.config.loaded).toBe(false);
    expect(root.config.brandShort).toBe('TAX');
    await root.config.load();
    expect(root.config.loaded).toBe(true);
    expect(root.config.brandName).toBe('Tax Advisors Ltd');
    expect(root.config.slogan('de')).toBe('unabhängig, kompetent, zuverlässig.');
    expect(root.config.backendConfig).toEqual({ defaultAccountSystem: 'DATEV' });
  });

  it('links the documentation with the provider as query parameter', async () => {
    const { root } = makeRoot();
    await root.config.load();
    expect(root.config.documentationUrl).toBe('https://wiki.example/doc?provider=embedded');
  });

  it('parses and compares semver with distance', () => {
    expect(parseSemver('1.6.6')).toEqual({ major: 1, minor: 6, patch: 6, distance: 0 });
    expect(compareSemver(parseSemver('1.6.7'), parseSemver('1.6.6'))).toBeGreaterThan(0);
    expect(compareSemver(parseSemver('1.6.6+2'), parseSemver('1.6.6+3'))).toBeLessThan(0);
  });

  it('is up to date when the server runs the bundle version', async () => {
    const { root } = makeRoot();
    expect(await root.config.checkVersion()).toBe(false);
    expect(root.config.serverVersion).toBe('1.6.6');
  });

  it('is not out of date just because the server counts commits since the tag', async () => {
    const socket = portalSocket().handle('find', 'version', () => [{ ...versionInfo, distance: 42 }]);
    const { root } = makeRoot({ socket });
    expect(await root.config.checkVersion()).toBe(false);
    expect(root.config.serverVersion).toBe('1.6.6+42');
  });

  it('is out of date when the server reports a newer version than the bundle', async () => {
    const socket = portalSocket().handle('find', 'version', () => [{ ...versionInfo, minor: 7 }]);
    const { root } = makeRoot({ socket });
    expect(await root.config.checkVersion()).toBe(true);
  });

  it('checks every 60000 ms and notices a new deployment', async () => {
    let build = 'b1';
    const socket = portalSocket().handle('find', 'version', () => ({ total: 1, limit: 1, skip: 0, data: [{ ...versionInfo, build }] }));
    const { root, clock } = makeRoot({ socket });
    root.config.startVersionCheck();
    await flush();
    expect(root.config.outOfDate).toBe(false);
    build = 'b2';
    clock.tick(VERSION_CHECK_INTERVAL_MS);
    await flush();
    expect(root.config.outOfDate).toBe(true);
    expect(socket.callsOf('find', 'version')).toHaveLength(2);
    root.config.stopVersionCheck();
    expect(clock.timers.size).toBe(0);
  });

  it("follows the firm's time zone an administrator changes: times on screen re-render in it", async () => {
    const socket = portalSocket();
    const { root } = makeRoot({ socket });
    await root.config.load();
    expect(firmTimeZone()).toBe(portalConfig.timeZone ?? 'Europe/Vienna');
    socket.push('config patched', { ...portalConfig, timeZone: 'America/New_York', firmTimeZone: 'America/New_York' });
    expect(root.config.timeZone).toBe('America/New_York');
    expect(firmTimeZone()).toBe('America/New_York');
    root.config.dispose();
    socket.push('config patched', { ...portalConfig, timeZone: 'Asia/Tokyo' });
    expect(firmTimeZone()).toBe('America/New_York');
    setFirmTimeZone(null);
  });

  it("sets the firm's time zone through the config service and applies the answer", async () => {
    const socket = portalSocket().handle('patch', 'config', (id: unknown, data: unknown) => ({ ...portalConfig, ...(data as object), id }));
    const { root } = makeRoot({ socket });
    await root.config.load();
    await root.config.setTimeZone('Asia/Tokyo');
    expect(socket.callsOf('patch', 'config')[0]?.args.slice(0, 2)).toEqual(['portal', { timeZone: 'Asia/Tokyo' }]);
    expect(firmTimeZone()).toBe('Asia/Tokyo');
    root.config.dispose();
    setFirmTimeZone(null);
  });
});
