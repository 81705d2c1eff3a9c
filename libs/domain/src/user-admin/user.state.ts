import type { Locale, Permission } from '@portal/contracts';
import type { UserEvent } from './user.events';

export interface UserAccountState {
  status: 'active' | 'disabled';
  username: string;
  locale: Locale;
  email: string;
  /** The address waiting for confirmation by the link sent to it. */
  pendingEmail: string | null;
  permissions: Permission[];
  klienten: number[];
  all_clients: boolean;
  excluded: number[];
  mobileApp: boolean;
  secondFactorRequired: boolean;
  /** Registered security keys: id → label. */
  keys: Record<string, string>;
}

export type UserState = { status: 'none' } | { status: 'deleted'; username: string } | UserAccountState;

export const initialUserState: UserState = { status: 'none' };

const live = (state: UserState): state is UserAccountState => state.status === 'active' || state.status === 'disabled';

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'active',
      username: d.username,
      locale: d.locale,
      email: d.email,
      pendingEmail: null,
      permissions: [...d.permissions],
      klienten: [...d.klienten],
      all_clients: d.all_clients,
      excluded: [...(d.excluded ?? [])],
      mobileApp: d.mobileApp ?? false,
      secondFactorRequired: false,
      keys: {},
    };
  }
  if (!live(state)) return state;
  switch (event.type) {
    case 'UserDisabled':
      return { ...state, status: 'disabled' };
    case 'UserEnabled':
      return { ...state, status: 'active' };
    case 'UserLocaleChanged':
      return { ...state, locale: event.data.locale };
    case 'UserAccessChanged':
      return {
        ...state,
        permissions: [...event.data.permissions],
        klienten: [...event.data.klienten],
        all_clients: event.data.all_clients,
        excluded: [...event.data.excluded],
      };
    case 'EmailChangeRequested':
      return { ...state, pendingEmail: event.data.email };
    case 'UserEmailChanged':
      return { ...state, email: event.data.email, pendingEmail: null };
    case 'UserMobileAppChanged':
      return { ...state, mobileApp: event.data.mobileApp };
    case 'SecondFactorRequirementChanged':
      return { ...state, secondFactorRequired: event.data.required };
    case 'SecurityKeyRegistered':
    case 'SecurityKeyRenamed':
      return { ...state, keys: { ...state.keys, [event.data.keyId]: event.data.label } };
    case 'SecurityKeyRemoved': {
      const { [event.data.keyId]: _removed, ...keys } = state.keys;
      return { ...state, keys };
    }
    case 'UserDeleted':
      return { status: 'deleted', username: state.username };
    case 'UserPasswordChanged':
    case 'UserLoginFailed':
    case 'UserLockedOut':
    case 'UserLoggedIn':
    case 'UserDetailsChanged':
    case 'SecondFactorChanged':
      return state;
  }
}
