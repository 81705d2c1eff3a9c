import { specFor } from '../../test/given-when-then';
import { portalDecider } from './portal.decide';
import type { PortalSettings } from './portal.events';

const settings: PortalSettings = {
  brandShort: 'KP', brandName: 'Kanzlei', slogan: { en: 'independent, competent, reliable.', de: 'unabhängig, kompetent, zuverlässig.' },
  docUrl: 'https://wiki', provider: 'p', defaultAccountSystem: 'DATEV', maxUploadBytes: 1,
};
const spec = specFor(portalDecider);

describe('portal configuration', () => {
  it('records the first configuration', () => spec([]).when({ type: 'ConfigurePortal', settings }).then([{ type: 'PortalConfigured', data: settings }]));
  it('records nothing when the configuration is unchanged', () =>
    spec([{ type: 'PortalConfigured', data: settings }]).when({ type: 'ConfigurePortal', settings }).then([]));
  it('records a changed documentation link', () =>
    spec([{ type: 'PortalConfigured', data: settings }]).when({ type: 'ConfigurePortal', settings: { ...settings, docUrl: 'https://new' } }).then([
      { type: 'PortalConfigured', data: { ...settings, docUrl: 'https://new' } },
    ]));
  it('refuses an empty brand', () => spec([]).when({ type: 'ConfigurePortal', settings: { ...settings, brandShort: ' ' } }).thenThrows('brandShort must not be empty.'));
});
