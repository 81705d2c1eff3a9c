import type { FonUserEvent, FonUserValues } from './fon-user.events';

export type FonUserState = { status: 'none' | 'removed' } | { status: 'active'; values: FonUserValues; hasPin: boolean };
export const initialFonUserState: FonUserState = { status: 'none' };

export function evolveFonUser(state: FonUserState, event: FonUserEvent): FonUserState {
  switch (event.type) {
    case 'FonUserRegistered': {
      const { userId: _id, pin, ...values } = event.data;
      return { status: 'active', values, hasPin: pin !== null };
    }
    case 'FonUserChanged':
      return state.status === 'active'
        ? { status: 'active', values: { ...state.values, ...event.data.changes }, hasPin: state.hasPin || !!event.data.pin }
        : state;
    case 'FonUserRemoved':
      return { status: 'removed' };
  }
}
