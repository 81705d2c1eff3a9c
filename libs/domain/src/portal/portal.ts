import type { PortalConfig } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { invalid } from '../shared/domain-error';

/** The firm's portal configuration (brand, slogans, documentation wiki), recorded as events like every other change. */
export type PortalSettings = Omit<PortalConfig, 'id'>;
export type PortalConfigured = DomainEvent<'PortalConfigured', PortalSettings>;
export type ConfigurePortal = { type: 'ConfigurePortal'; settings: PortalSettings };
export type PortalState = { settings: PortalSettings | null };

export const PORTAL_STREAM_ID = 'portal-config';

export const portalDecider: Decider<PortalState, ConfigurePortal, PortalConfigured> = {
  initialState: { settings: null },
  evolve: (_state, event) => ({ settings: event.data }),
  decide: (command, state) => {
    if (command.settings.brandShort.trim() === '') throw invalid('brandShort must not be empty.');
    if (state.settings && JSON.stringify(state.settings) === JSON.stringify(command.settings)) return [];
    return [{ type: 'PortalConfigured', data: command.settings }];
  },
};
