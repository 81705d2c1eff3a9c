import type { Decider } from '../shared/decider';
import { invalid } from '../shared/domain-error';
import type { PortalEvent, PortalSettings } from './portal.events';
import { evolvePortal, initialPortalState, type PortalState } from './portal.state';

export type ConfigurePortal = { type: 'ConfigurePortal'; settings: PortalSettings };
export type PortalCommand = ConfigurePortal;

/** Nothing when the configuration is the same. */
function configure(command: ConfigurePortal, state: PortalState): PortalEvent[] {
  if (command.settings.brandShort.trim() === '') throw invalid('brandShort must not be empty.');
  if (state.settings && JSON.stringify(state.settings) === JSON.stringify(command.settings)) return [];
  return [{ type: 'PortalConfigured', data: command.settings }];
}

export function decidePortal(command: PortalCommand, state: PortalState): PortalEvent[] {
  switch (command.type) {
    case 'ConfigurePortal':
      return configure(command, state);
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const portalDecider: Decider<PortalState, PortalCommand, PortalEvent> = {
  initialState: initialPortalState,
  evolve: evolvePortal,
  decide: (command, state) => decidePortal(command, state),
};
