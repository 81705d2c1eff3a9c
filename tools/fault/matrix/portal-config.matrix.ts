import { none, type MatrixFeature } from './matrix-types';

/**
 * The portal's configuration: read by every signed-in user; the firm's time zone set by administrators
 * (adm). The call sets the zone in force, so the run leaves the configuration as it found it.
 */
export const portalConfigMatrix: MatrixFeature = {
  name: 'portal-config',
  // prettier-ignore
  rows: [
    { service: 'config', method: 'find',  gate: null, scope: 'firm', call: () => [{}] },
    { service: 'config', method: 'get',   gate: null, scope: 'firm', call: () => ['portal', {}] },
    { service: 'config', method: 'patch', gate: ['adm'], scope: 'firm', note: 'time zone in force', call: () => ['portal', { timeZone: 'Europe/Vienna' }, {}] },
    ...none('config', 'create', 'update', 'remove'),
  ],
};
