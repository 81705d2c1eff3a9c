import { specFor } from '../../test/given-when-then';
import { userDecider, type RegisterUser } from './user.decide';
import type { UserEvent } from './user.events';

const spec = specFor(userDecider);
const profile: RegisterUser['profile'] = {
  username: 'client1',
  firstName: 'Clara',
  lastName: 'Client',
  email: 'clara@example.at',
  locale: 'de',
  permissions: ['doc'],
  klienten: [1001],
  all_clients: false,
};
const registered: UserEvent = { type: 'UserRegistered', data: { ...profile, telNr: '', mobileApp: false, excluded: [], userId: 'u1' } };

describe('user decider', () => {
  describe('when none', () => {
    it('registers a user without any credential in the event', () => spec([]).when({ type: 'RegisterUser', userId: 'u1', profile }).then([registered]));
    it('refuses an invalid e-mail with the spec text', () =>
      spec([])
        .when({ type: 'RegisterUser', userId: 'u1', profile: { ...profile, email: 'nope' } })
        .thenThrows('Invalid e-mail address'));
    it('refuses an empty username with the spec text', () =>
      spec([])
        .when({ type: 'RegisterUser', userId: 'u1', profile: { ...profile, username: ' ' } })
        .thenThrows('Username cannot be empty'));
    it('refuses a username with spaces or markup', () =>
      spec([])
        .when({ type: 'RegisterUser', userId: 'u1', profile: { ...profile, username: 'a <b>' } })
        .thenThrows(/letters, digits/));
    it('refuses to disable a user that does not exist', () => spec([]).when({ type: 'DisableUser', reason: 'left' }).thenThrows('The user does not exist.'));
  });
  describe('when active', () => {
    it('refuses a second registration', () =>
      spec([registered])
        .when({ type: 'RegisterUser', userId: 'u1', profile })
        .thenThrows(/already exists/));
    it('disables the user', () =>
      spec([registered])
        .when({ type: 'DisableUser', reason: 'left the firm' })
        .then([{ type: 'UserDisabled', data: { reason: 'left the firm' } }]));
    it('changes the locale', () =>
      spec([registered])
        .when({ type: 'ChangeUserLocale', locale: 'en' })
        .then([{ type: 'UserLocaleChanged', data: { locale: 'en' } }]));
    it('records a password change without the password', () =>
      spec([registered])
        .when({ type: 'RecordPasswordChange', reason: 'reset', mustChange: true })
        .then([{ type: 'UserPasswordChanged', data: { reason: 'reset', mustChange: true } }]));
    it('records a failed login, and a lock when the throttle locked the account', () => {
      spec([registered])
        .when({ type: 'RecordLoginFailure', reason: 'password', address: '127.0.0.1', lockedUntil: null, failures: 3 })
        .then([{ type: 'UserLoginFailed', data: { reason: 'password', address: '127.0.0.1' } }]);
      spec([registered])
        .when({ type: 'RecordLoginFailure', reason: 'password', address: '127.0.0.1', lockedUntil: '2026-01-15T10:15:00.000Z', failures: 10 })
        .then([
          { type: 'UserLoginFailed', data: { reason: 'password', address: '127.0.0.1' } },
          { type: 'UserLockedOut', data: { until: '2026-01-15T10:15:00.000Z', failures: 10, address: '127.0.0.1' } },
        ]);
    });
  });
  describe('personal details', () => {
    it('changes names and phone, trimmed', () =>
      spec([registered])
        .when({ type: 'ChangeUserDetails', firstName: ' Clara ', lastName: 'Klient', telNr: '+43 512 123456' })
        .then([{ type: 'UserDetailsChanged', data: { firstName: 'Clara', lastName: 'Klient', telNr: '+43 512 123456' } }]));
    it('refuses a phone number that is none', () =>
      spec([registered]).when({ type: 'ChangeUserDetails', firstName: 'C', lastName: 'K', telNr: 'call me' }).thenThrows('Invalid phone number'));
  });
  describe('second factor', () => {
    it('records that TOTP was set up, without its secret', () =>
      spec([registered])
        .when({ type: 'RecordSecondFactor', kind: 'totp', enabled: true })
        .then([{ type: 'SecondFactorChanged', data: { kind: 'totp', enabled: true } }]));
  });
  describe('when disabled', () => {
    it('enables the user again', () =>
      spec([registered, { type: 'UserDisabled', data: { reason: 'x' } }])
        .when({ type: 'EnableUser' })
        .then([{ type: 'UserEnabled', data: {} }]));
  });
});

describe('user manager commands', () => {
  it('changes permissions and clients in one canonical form (codes sorted once, no list beside all clients)', () =>
    spec([registered])
      .when({ type: 'ChangeUserAccess', permissions: ['rep', 'doc', 'rep'], klienten: [1003, 1001], all_clients: false, excluded: [] })
      .then([{ type: 'UserAccessChanged', data: { permissions: ['doc', 'rep'], klienten: [1001, 1003], all_clients: false, excluded: [] } }]));
  it('gives all clients but one', () =>
    spec([registered])
      .when({ type: 'ChangeUserAccess', permissions: ['doc'], klienten: [1001], all_clients: true, excluded: [1006] })
      .then([{ type: 'UserAccessChanged', data: { permissions: ['doc'], klienten: [], all_clients: true, excluded: [1006] } }]));
  it('records nothing when the access stays the same', () =>
    spec([registered])
      .when({ type: 'ChangeUserAccess', permissions: ['doc'], klienten: [1001], all_clients: false, excluded: [] })
      .then([]));
  it('refuses exclusions without all clients, and unknown codes', () => {
    spec([registered])
      .when({ type: 'ChangeUserAccess', permissions: ['doc'], klienten: [1001], all_clients: false, excluded: [1002] })
      .thenThrows(/only be excluded/);
    spec([registered])
      .when({ type: 'ChangeUserAccess', permissions: ['xyz' as 'doc'], klienten: [], all_clients: false, excluded: [] })
      .thenThrows('Unknown permission code.');
  });
  it('changes the e-mail only through the link sent to the new address', () => {
    const requested: UserEvent = { type: 'EmailChangeRequested', data: { email: 'neu@example.at' } };
    spec([registered]).when({ type: 'RequestEmailChange', email: ' neu@example.at ' }).then([requested]);
    spec([registered, requested])
      .when({ type: 'ConfirmEmailChange', email: 'neu@example.at' })
      .then([{ type: 'UserEmailChanged', data: { email: 'neu@example.at', confirmed: true } }]);
    spec([registered])
      .when({ type: 'ConfirmEmailChange', email: 'neu@example.at' })
      .thenThrows(/no longer valid/);
    spec([registered, requested, { type: 'EmailChangeRequested', data: { email: 'other@example.at' } }])
      .when({ type: 'ConfirmEmailChange', email: 'neu@example.at' })
      .thenThrows(/no longer valid/);
    spec([registered]).when({ type: 'RequestEmailChange', email: 'clara@example.at' }).thenThrows('This is already your e-mail address.');
    spec([registered]).when({ type: 'RequestEmailChange', email: 'kaputt' }).thenThrows('Invalid e-mail address');
  });
  it('lets an administrator set the address directly', () =>
    spec([registered])
      .when({ type: 'ChangeUserEmail', email: 'x@example.at' })
      .then([{ type: 'UserEmailChanged', data: { email: 'x@example.at', confirmed: false } }]));
  it('requires the second factor once', () => {
    spec([registered])
      .when({ type: 'RequireSecondFactor', required: true })
      .then([{ type: 'SecondFactorRequirementChanged', data: { required: true } }]);
    spec([registered, { type: 'SecondFactorRequirementChanged', data: { required: true } }])
      .when({ type: 'RequireSecondFactor', required: true })
      .then([]);
  });
  it('deletes a user; afterwards it does not exist', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { reason: 'left' } };
    spec([registered]).when({ type: 'DeleteUser', reason: 'left' }).then([deleted]);
    spec([registered, deleted]).when({ type: 'EnableUser' }).thenThrows('The user does not exist.');
    spec([registered, deleted])
      .when({ type: 'RegisterUser', userId: 'u1', profile })
      .thenThrows(/already exists/);
  });
});

describe('security keys', () => {
  const key: UserEvent = { type: 'SecurityKeyRegistered', data: { keyId: 'k1', label: 'YubiKey blau' } };
  it('registers several keys with names', () => {
    spec([registered]).when({ type: 'RegisterSecurityKey', keyId: 'k1', label: ' YubiKey blau ' }).then([key]);
    spec([registered, key])
      .when({ type: 'RegisterSecurityKey', keyId: 'k2', label: 'Laptop' })
      .then([{ type: 'SecurityKeyRegistered', data: { keyId: 'k2', label: 'Laptop' } }]);
  });
  it('refuses a second key with the same name, and an empty name', () => {
    spec([registered, key]).when({ type: 'RegisterSecurityKey', keyId: 'k2', label: 'yubikey BLAU' }).thenThrows('Another security key already has this name.');
    spec([registered])
      .when({ type: 'RegisterSecurityKey', keyId: 'k2', label: '  ' })
      .thenThrows(/needs a name/);
  });
  it('renames and removes a key, and refuses a key it does not know', () => {
    spec([registered, key])
      .when({ type: 'RenameSecurityKey', keyId: 'k1', label: 'Schlüsselbund' })
      .then([{ type: 'SecurityKeyRenamed', data: { keyId: 'k1', label: 'Schlüsselbund' } }]);
    spec([registered, key])
      .when({ type: 'RemoveSecurityKey', keyId: 'k1' })
      .then([{ type: 'SecurityKeyRemoved', data: { keyId: 'k1' } }]);
    spec([registered, key, { type: 'SecurityKeyRemoved', data: { keyId: 'k1' } }])
      .when({ type: 'RemoveSecurityKey', keyId: 'k1' })
      .thenThrows('This security key is not registered.');
  });
});
