import { specFor } from '../shared/given-when-then.testing';
import { userDecider, type RegisterUser } from './user.decide';
import type { UserEvent } from './user.events';
import { usernameDecider } from './username';

const spec = specFor(userDecider);
const profile: RegisterUser['profile'] = {
  username: 'client1', firstName: 'Clara', lastName: 'Client', email: 'clara@example.at', locale: 'de', permissions: ['doc'], klienten: [1001], all_clients: false,
};
const registered: UserEvent = { type: 'UserRegistered', data: { ...profile, userId: 'u1' } };

describe('user decider', () => {
  describe('when none', () => {
    it('registers a user without any credential in the event', () => spec([]).when({ type: 'RegisterUser', userId: 'u1', profile }).then([registered]));
    it('refuses an invalid e-mail with the spec text', () =>
      spec([]).when({ type: 'RegisterUser', userId: 'u1', profile: { ...profile, email: 'nope' } }).thenThrows('Invalid e-mail address'));
    it('refuses an empty username with the spec text', () =>
      spec([]).when({ type: 'RegisterUser', userId: 'u1', profile: { ...profile, username: ' ' } }).thenThrows('Username cannot be empty'));
    it('refuses a username with spaces or markup', () =>
      spec([]).when({ type: 'RegisterUser', userId: 'u1', profile: { ...profile, username: 'a <b>' } }).thenThrows(/letters, digits/));
    it('refuses to disable a user that does not exist', () => spec([]).when({ type: 'DisableUser', reason: 'left' }).thenThrows('The user does not exist.'));
  });
  describe('when active', () => {
    it('refuses a second registration', () => spec([registered]).when({ type: 'RegisterUser', userId: 'u1', profile }).thenThrows(/already exists/));
    it('disables the user', () => spec([registered]).when({ type: 'DisableUser', reason: 'left the firm' }).then([{ type: 'UserDisabled', data: { reason: 'left the firm' } }]));
    it('changes the locale', () => spec([registered]).when({ type: 'ChangeUserLocale', locale: 'en' }).then([{ type: 'UserLocaleChanged', data: { locale: 'en' } }]));
    it('records a password change without the password', () =>
      spec([registered]).when({ type: 'RecordPasswordChange', reason: 'reset', mustChange: true }).then([{ type: 'UserPasswordChanged', data: { reason: 'reset', mustChange: true } }]));
    it('records a failed login, and a lock when the throttle locked the account', () => {
      spec([registered]).when({ type: 'RecordLoginFailure', reason: 'password', address: '127.0.0.1', lockedUntil: null, failures: 3 })
        .then([{ type: 'UserLoginFailed', data: { reason: 'password', address: '127.0.0.1' } }]);
      spec([registered]).when({ type: 'RecordLoginFailure', reason: 'password', address: '127.0.0.1', lockedUntil: '2026-01-15T10:15:00.000Z', failures: 10 })
        .then([
          { type: 'UserLoginFailed', data: { reason: 'password', address: '127.0.0.1' } },
          { type: 'UserLockedOut', data: { until: '2026-01-15T10:15:00.000Z', failures: 10, address: '127.0.0.1' } },
        ]);
    });
  });
  describe('personal details', () => {
    it('changes names and phone, trimmed', () =>
      spec([registered]).when({ type: 'ChangeUserDetails', firstName: ' Clara ', lastName: 'Klient', telNr: '+43 512 123456' })
        .then([{ type: 'UserDetailsChanged', data: { firstName: 'Clara', lastName: 'Klient', telNr: '+43 512 123456' } }]));
    it('refuses a phone number that is none', () =>
      spec([registered]).when({ type: 'ChangeUserDetails', firstName: 'C', lastName: 'K', telNr: 'call me' }).thenThrows('Invalid phone number'));
  });
  describe('second factor', () => {
    it('records that TOTP was set up, without its secret', () =>
      spec([registered]).when({ type: 'RecordSecondFactor', kind: 'totp', enabled: true }).then([{ type: 'SecondFactorChanged', data: { kind: 'totp', enabled: true } }]));
  });
  describe('when disabled', () => {
    it('enables the user again', () =>
      spec([registered, { type: 'UserDisabled', data: { reason: 'x' } }]).when({ type: 'EnableUser' }).then([{ type: 'UserEnabled', data: {} }]));
  });
});

describe('username claims', () => {
  const claims = specFor(usernameDecider);
  it('claims a free name', () => claims([]).when({ type: 'ClaimUsername', userId: 'u1' }).then([{ type: 'UsernameClaimed', data: { userId: 'u1' } }]));
  it('refuses a name another user holds', () =>
    claims([{ type: 'UsernameClaimed', data: { userId: 'u1' } }]).when({ type: 'ClaimUsername', userId: 'u2' }).thenThrows('This username is already taken.'));
  it('is idempotent for the same user', () => claims([{ type: 'UsernameClaimed', data: { userId: 'u1' } }]).when({ type: 'ClaimUsername', userId: 'u1' }).then([]));
});
