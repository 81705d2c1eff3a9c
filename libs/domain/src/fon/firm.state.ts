import type { FirmEvent, FirmValues } from './firm.events';

export type FirmState = { status: 'none' | 'removed' } | { status: 'active'; values: FirmValues };

export const initialFirmState: FirmState = { status: 'none' };

export function evolveFirm(state: FirmState, event: FirmEvent): FirmState {
  switch (event.type) {
    case 'FirmRegistered':
      return { status: 'active', values: { name: event.data.name, ntcsId: event.data.ntcsId, webekuUser: event.data.webekuUser } };
    case 'FirmChanged':
      return state.status === 'active' ? { status: 'active', values: { ...state.values, ...event.data.changes } } : state;
    case 'FirmRemoved':
      return { status: 'removed' };
  }
}
