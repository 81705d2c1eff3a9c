import { specFor } from '../../test/given-when-then';
import { bankAccessDecider } from './bank-access.decide';
import type { BankAccessEvent } from './bank-access.events';

const NOW = '2026-03-01T09:00:00.000Z';
const given = specFor(bankAccessDecider, { now: NOW, userId: 'user-1' });
const requested: BankAccessEvent = {
  type: 'BankAccessRequested',
  data: {
    accessId: 'a-1',
    client_no: 1001,
    source: 'sandbox',
    institution: { id: 'SANDBOX', name: 'Sandbox Bank' },
    validDays: 180,
    requisitionId: null,
    link: null,
  },
};
const granted: BankAccessEvent = { type: 'BankAccessGranted', data: { grantedAt: NOW, validUntil: '2026-08-28T09:00:00.000Z', accountIds: ['1001-AT1'] } };

describe('bank access: request and grant', () => {
  it('requests an access pending the customer consent', () => {
    given([])
      .when({
        type: 'RequestBankAccess',
        accessId: 'a-1',
        clientNo: 1001,
        source: 'sandbox',
        institution: { id: 'SANDBOX', name: 'Sandbox Bank' },
        validDays: 180,
        requisitionId: null,
        link: null,
      })
      .then([requested]);
  });

  it('refuses a consent longer than the 180 days of PSD2', () => {
    given([])
      .when({
        type: 'RequestBankAccess',
        accessId: 'a-1',
        clientNo: 1001,
        source: 'sandbox',
        institution: { id: 'SANDBOX', name: 'Sandbox Bank' },
        validDays: 181,
        requisitionId: null,
        link: null,
      })
      .thenThrows('A consent lasts 1 to 180 days (PSD2).');
  });

  it('grants the consent for 180 days from now', () => {
    given([requested])
      .when({ type: 'GrantBankAccess', accountIds: ['1001-AT1'] })
      .then([granted]);
  });

  it('refuses a grant without accounts', () => {
    given([requested]).when({ type: 'GrantBankAccess', accountIds: [] }).thenThrows('An access covers at least one account.');
  });
});

describe('bank access: when granted', () => {
  it('renews: a new consent from now, valid for 180 days, also after it expired', () => {
    const later = specFor(bankAccessDecider, { now: '2026-09-10T08:00:00.000Z', userId: 'user-1' });
    later([requested, granted])
      .when({ type: 'RenewBankAccess' })
      .then([{ type: 'BankAccessRenewed', data: { grantedAt: '2026-09-10T08:00:00.000Z', validUntil: '2027-03-09T08:00:00.000Z' } }]);
  });

  it('renews for the days of a requested renewal', () => {
    given([requested, granted, { type: 'BankAccessRenewalRequested', data: { validDays: 90, requisitionId: 'r-2', link: 'https://bank/consent' } }])
      .when({ type: 'RenewBankAccess' })
      .then([{ type: 'BankAccessRenewed', data: { grantedAt: NOW, validUntil: '2026-05-30T09:00:00.000Z' } }]);
  });

  it('updates the accounts covered, and records nothing for the same accounts', () => {
    given([requested, granted])
      .when({ type: 'UpdateBankAccessAccounts', accountIds: ['1001-AT1', '1001-AT2'] })
      .then([{ type: 'BankAccessAccountsUpdated', data: { accountIds: ['1001-AT1', '1001-AT2'] } }]);
    given([requested, granted])
      .when({ type: 'UpdateBankAccessAccounts', accountIds: ['1001-AT1'] })
      .then([]);
  });

  it('revokes', () => {
    given([requested, granted])
      .when({ type: 'RevokeBankAccess' })
      .then([{ type: 'BankAccessRevoked', data: { revokedAt: NOW } }]);
  });

  it('reads the accounts while valid, and refuses once the consent has expired', () => {
    given([requested, granted])
      .when({ type: 'RecordBankAccessSync', importId: 'i-1' })
      .then([{ type: 'BankAccessSynced', data: { syncedAt: NOW, importId: 'i-1' } }]);
    const late = specFor(bankAccessDecider, { now: '2026-08-28T09:00:00.000Z', userId: 'user-1' });
    late([requested, granted])
      .when({ type: 'RecordBankAccessSync', importId: 'i-2' })
      .thenThrows('The consent has expired; renew the access to read the accounts again.');
  });
});

describe('bank access: when revoked', () => {
  const revoked: BankAccessEvent[] = [requested, granted, { type: 'BankAccessRevoked', data: { revokedAt: NOW } }];
  it('refuses renew, update and reads, and records nothing when revoked again', () => {
    given(revoked).when({ type: 'RenewBankAccess' }).thenThrows('Cannot renew the access: the access was revoked.');
    given(revoked)
      .when({ type: 'UpdateBankAccessAccounts', accountIds: ['x'] })
      .thenThrows('Cannot update the access: the access was revoked.');
    given(revoked).when({ type: 'RecordBankAccessSync', importId: null }).thenThrows('Cannot read the account: the access was revoked.');
    given(revoked).when({ type: 'RevokeBankAccess' }).then([]);
  });
});

describe('bank access: when pending', () => {
  it('cannot be renewed before consent was given', () => {
    given([requested]).when({ type: 'RenewBankAccess' }).thenThrows('Cannot renew the access: consent was never given.');
  });
});
