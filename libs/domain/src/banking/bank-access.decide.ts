import { BANK_ACCESS_SOURCES, PSD2_MAX_VALID_DAYS, type BankAccessSource } from '@portal/contracts';
import type { Decider, DecisionContext } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { validUntilOf } from './access-validity.rules';
import type { BankAccessEvent, Institution } from './bank-access.events';
import { evolveBankAccess, initialBankAccessState, type BankAccessState } from './bank-access.state';

/** Starts a connection: the customer still has to give consent at the bank (pending) unless `grant` follows. */
export type RequestBankAccess = {
  type: 'RequestBankAccess';
  accessId: string;
  clientNo: number;
  source: BankAccessSource;
  institution: Institution;
  validDays: number;
  requisitionId: string | null;
  link: string | null;
};
/** The customer gave consent (strong customer authentication): valid from now for the requested days. */
export type GrantBankAccess = { type: 'GrantBankAccess'; accountIds: string[] };
/** A new consent is needed (aggregators: a new requisition and link); the access stays as it is until granted. */
export type RequestRenewal = { type: 'RequestRenewal'; validDays: number; requisitionId: string | null; link: string | null };
/** The new consent is given: valid for the requested days from now. */
export type RenewBankAccess = { type: 'RenewBankAccess' };
export type UpdateBankAccessAccounts = { type: 'UpdateBankAccessAccounts'; accountIds: string[] };
export type RevokeBankAccess = { type: 'RevokeBankAccess' };
export type RecordBankAccessSync = { type: 'RecordBankAccessSync'; importId: string | null };
export type BankAccessCommand =
  RequestBankAccess | GrantBankAccess | RequestRenewal | RenewBankAccess | UpdateBankAccessAccounts | RevokeBankAccess | RecordBankAccessSync;

function checkDays(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > PSD2_MAX_VALID_DAYS)
    throw invalid(`A consent lasts 1 to ${PSD2_MAX_VALID_DAYS} days (PSD2).`, { field: 'valid_days' });
  return days;
}

function checkAccounts(ids: string[]): string[] {
  if (ids.length === 0) throw invalid('An access covers at least one account.', { field: 'account_ids' });
  if (new Set(ids).size !== ids.length) throw invalid('An access lists each account once.', { field: 'account_ids' });
  return ids;
}

function live(state: BankAccessState, action: string) {
  if (state.status === 'none') throw notFound(`Cannot ${action}: the bank access does not exist.`);
  if (state.status === 'revoked') throw conflict(`Cannot ${action}: the access was revoked.`);
  return state;
}

function request(command: RequestBankAccess, state: BankAccessState): BankAccessEvent[] {
  if (state.status !== 'none') throw conflict('The bank access already exists.');
  if (!(BANK_ACCESS_SOURCES as readonly string[]).includes(command.source)) throw invalid(`Unknown source ${String(command.source)}.`);
  if (command.institution.id.trim() === '' || command.institution.name.trim() === '') throw invalid('An access needs an institution.');
  const { type: _t, clientNo, institution, ...rest } = command;
  return [
    {
      type: 'BankAccessRequested',
      data: {
        accessId: rest.accessId,
        client_no: clientNo,
        source: rest.source,
        institution,
        validDays: checkDays(rest.validDays),
        requisitionId: rest.requisitionId,
        link: rest.link,
      },
    },
  ];
}

function grantBankAccess(command: GrantBankAccess, state: BankAccessState, context: DecisionContext): BankAccessEvent[] {
  const access = live(state, 'grant the access');
  if (access.status === 'active') throw conflict('The access is already granted.');
  return [
    {
      type: 'BankAccessGranted',
      data: { grantedAt: context.now, validUntil: validUntilOf(context.now, access.validDays), accountIds: checkAccounts(command.accountIds) },
    },
  ];
}

function requestRenewal(command: RequestRenewal, state: BankAccessState): BankAccessEvent[] {
  const access = live(state, 'renew the access');
  if (access.status !== 'active') throw conflict('Cannot renew the access: consent was never given.');
  return [{ type: 'BankAccessRenewalRequested', data: { validDays: checkDays(command.validDays), requisitionId: command.requisitionId, link: command.link } }];
}

function renewBankAccess(state: BankAccessState, context: DecisionContext): BankAccessEvent[] {
  const access = live(state, 'renew the access');
  if (access.status !== 'active') throw conflict('Cannot renew the access: consent was never given.');
  const days = access.renewalDays ?? access.validDays;
  return [{ type: 'BankAccessRenewed', data: { grantedAt: context.now, validUntil: validUntilOf(context.now, days) } }];
}

function updateBankAccessAccounts(command: UpdateBankAccessAccounts, state: BankAccessState): BankAccessEvent[] {
  const access = live(state, 'update the access');
  const ids = checkAccounts(command.accountIds);
  return ids.length === access.accountIds.length && ids.every((id) => access.accountIds.includes(id))
    ? []
    : [{ type: 'BankAccessAccountsUpdated', data: { accountIds: ids } }];
}

function revokeBankAccess(state: BankAccessState, context: DecisionContext): BankAccessEvent[] {
  if (state.status === 'revoked') return [];
  live(state, 'revoke the access');
  return [{ type: 'BankAccessRevoked', data: { revokedAt: context.now } }];
}

function recordBankAccessSync(command: RecordBankAccessSync, state: BankAccessState, context: DecisionContext): BankAccessEvent[] {
  const access = live(state, 'read the account');
  if (access.status !== 'active' || access.validUntil === null) throw conflict('Cannot read the accounts: consent was never given.');
  if (Date.parse(context.now) >= Date.parse(access.validUntil)) throw conflict('The consent has expired; renew the access to read the accounts again.');
  return [{ type: 'BankAccessSynced', data: { syncedAt: context.now, importId: command.importId } }];
}

export function decideBankAccess(command: BankAccessCommand, state: BankAccessState, context: DecisionContext): BankAccessEvent[] {
  switch (command.type) {
    case 'RequestBankAccess':
      return request(command, state);
    case 'GrantBankAccess':
      return grantBankAccess(command, state, context);
    case 'RequestRenewal':
      return requestRenewal(command, state);
    case 'RenewBankAccess':
      return renewBankAccess(state, context);
    case 'UpdateBankAccessAccounts':
      return updateBankAccessAccounts(command, state);
    case 'RevokeBankAccess':
      return revokeBankAccess(state, context);
    case 'RecordBankAccessSync':
      return recordBankAccessSync(command, state, context);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** A bank access (PSD2 account-information consent): requested, granted for up to 180 days, renewed, updated, revoked. */
export const bankAccessDecider: Decider<BankAccessState, BankAccessCommand, BankAccessEvent> = {
  initialState: initialBankAccessState,
  evolve: evolveBankAccess,
  decide: decideBankAccess,
};
