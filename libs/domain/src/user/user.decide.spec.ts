import { specFor } from '../shared/given-when-then.testing';
import { userDecider, type RegisterUser } from './user.decide';
import type { UserEvent } from './user.events';

const spec = specFor(userDecider);
const profile: RegisterUser['profile'] = {
  username: 'client1', firstName: 'Clara', lastName: 'Client', email: 'clara@example.at', locale: 'de', permissions: ['doc'], klienten: [1001], all_clients: false,
};
const registered: UserEvent = { type: 'UserRegistered', data: { ...profile, userId: 'u1', passwordHash: 'h' } };

describe('user decider', () => {
  describe('when none', () => {
    it('registers a user', () => spec([]).when({ type: 'RegisterUser', userId: 'u1', passwordHash: 'h', profile }).then([registered]));
    it('refuses an invalid e-mail with the spec text', () =>
      spec([]).when({ type: 'RegisterUser', userId: 'u1', passwordHash: 'h', profile: { ...profile, email: 'nope' } }).thenThrows('Invalid e-mail address'));
    it('refuses an empty username with the spec text', () =>
      spec([]).when({ type: 'RegisterUser', userId: 'u1', passwordHash: 'h', profile: { ...profile, username: ' ' } }).thenThrows('Username cannot be empty'));
    it('refuses to disable a user that does not exist', () => spec([]).when({ type: 'DisableUser', reason: 'left' }).thenThrows('The user does not exist.'));
  });
  describe('when active', () => {
    it('refuses a second registration', () => spec([registered]).when({ type: 'RegisterUser', userId: 'u1', passwordHash: 'h', profile }).thenThrows(/already exists/));
    it('disables the user', () => spec([registered]).when({ type: 'DisableUser', reason: 'left the firm' }).then([{ type: 'UserDisabled', data: { reason: 'left the firm' } }]));
    it('changes the locale', () => spec([registered]).when({ type: 'ChangeUserLocale', locale: 'en' }).then([{ type: 'UserLocaleChanged', data: { locale: 'en' } }]));
  });
  describe('when disabled', () => {
    it('enables the user again', () =>
      spec([registered, { type: 'UserDisabled', data: { reason: 'x' } }]).when({ type: 'EnableUser' }).then([{ type: 'UserEnabled', data: {} }]));
  });
});
