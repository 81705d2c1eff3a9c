import { DEFAULT_TIME_ZONE, isTimeZone } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { invalid } from '../shared/domain-error';
import type { PortalEvent, PortalSettings } from './portal.events';
import { evolvePortal, initialPortalState, type PortalState } from './portal.state';

export type ConfigurePortal = { type: 'ConfigurePortal'; settings: PortalSettings };
/** The firm's time zone (IANA name) for every time on screen and in files, chosen by an administrator. */
export type SetFirmTimeZone = { type: 'SetFirmTimeZone'; timeZone: string };
export type PortalCommand = ConfigurePortal | SetFirmTimeZone;

/** The zone in force: the administrator's choice, else the server's configured default. */
export const firmTimeZoneOf = (state: PortalState): string => state.firmTimeZone ?? state.settings?.timeZone ?? DEFAULT_TIME_ZONE;

/** Nothing when the configuration is the same. */
function configure(command: ConfigurePortal, state: PortalState): PortalEvent[] {
  if (command.settings.brandShort.trim() === '') throw invalid('brandShort must not be empty.');
  if (state.settings && JSON.stringify(state.settings) === JSON.stringify(command.settings)) return [];
  return [{ type: 'PortalConfigured', data: command.settings }];
}

/** A zone the runtime knows; nothing when it is the zone already in force. */
function setTimeZone(command: SetFirmTimeZone, state: PortalState): PortalEvent[] {
  if (typeof command.timeZone !== 'string' || !isTimeZone(command.timeZone))
    throw invalid(`timeZone must be a time zone like Europe/Vienna, got ${String(command.timeZone)}.`, { field: 'timeZone' });
  if (command.timeZone === firmTimeZoneOf(state)) return [];
  return [{ type: 'FirmTimeZoneSet', data: { timeZone: command.timeZone } }];
}

export function decidePortal(command: PortalCommand, state: PortalState): PortalEvent[] {
  switch (command.type) {
    case 'ConfigurePortal':
      return configure(command, state);
    case 'SetFirmTimeZone':
      return setTimeZone(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const portalDecider: Decider<PortalState, PortalCommand, PortalEvent> = {
  initialState: initialPortalState,
  evolve: evolvePortal,
  decide: (command, state) => decidePortal(command, state),
};
