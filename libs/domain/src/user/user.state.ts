import type { Locale } from '@portal/contracts';
import type { UserEvent } from './user.events';

export type UserState = { status: 'none' } | { status: 'active' | 'disabled'; username: string; locale: Locale };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'active', username: event.data.username, locale: event.data.locale };
    case 'UserDisabled':
      return state.status === 'none' ? state : { ...state, status: 'disabled' };
    case 'UserEnabled':
      return state.status === 'none' ? state : { ...state, status: 'active' };
    case 'UserLocaleChanged':
      return state.status === 'none' ? state : { ...state, locale: event.data.locale };
    case 'UserPasswordChanged':
    case 'UserLoginFailed':
    case 'UserLockedOut':
    case 'UserLoggedIn':
    case 'UserDetailsChanged':
    case 'SecondFactorChanged':
      return state;
  }
}
