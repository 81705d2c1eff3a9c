import { BANK_ACCOUNT_TYPES, VALIDATION_MESSAGES, type CsvMapping } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { isValidIban, normalizeIban } from '../accounting/account.rules';
import { isValidBIC } from '../shared/iban-tools';
import { bankAccountId, type BankAccountDetails, type BankAccountEvent } from './bank-account.events';
import { evolveBankAccount, initialBankAccountState, type BankAccountState } from './bank-account.state';
import { checkCents, checkDate } from './money.rules';

export type OpenBankAccount = { type: 'OpenBankAccount'; clientNo: number; iban: string } & BankAccountDetails;
export type ChangeBankAccount = { type: 'ChangeBankAccount'; changes: Partial<BankAccountDetails> };
export type SaveCsvMapping = { type: 'SaveCsvMapping'; mapping: CsvMapping | null };
export type ArchiveBankAccount = { type: 'ArchiveBankAccount' };
export type RestoreBankAccount = { type: 'RestoreBankAccount' };
export type BankAccountCommand = OpenBankAccount | ChangeBankAccount | SaveCsvMapping | ArchiveBankAccount | RestoreBankAccount;

const LABEL_LIMIT = 80;

function checkDetails(d: Partial<BankAccountDetails>): Partial<BankAccountDetails> {
  const out: Partial<BankAccountDetails> = { ...d };
  if (d.bic !== undefined && d.bic !== null) {
    const bic = d.bic.replace(/\s+/g, '').toUpperCase();
    if (bic !== '' && !isValidBIC(bic)) throw invalid('BIC invalid', { field: 'bic' });
    out.bic = bic === '' ? null : bic;
  }
  if (d.accountType !== undefined && !(BANK_ACCOUNT_TYPES as readonly string[]).includes(d.accountType))
    throw invalid(`type must be one of ${BANK_ACCOUNT_TYPES.join(', ')}.`, { field: 'type' });
  if (d.currency !== undefined && !/^[A-Z]{3}$/.test(d.currency)) throw invalid('currency must be an ISO 4217 code such as EUR.', { field: 'currency' });
  if (d.bankName !== undefined) out.bankName = d.bankName.trim().slice(0, LABEL_LIMIT);
  if (d.label !== undefined) out.label = d.label.trim().slice(0, LABEL_LIMIT);
  if (d.openingBalanceCents !== undefined) checkCents(d.openingBalanceCents, 'opening balance');
  if (d.openingDate !== undefined) checkDate(d.openingDate, 'opening date');
  return out;
}

function open(command: OpenBankAccount, state: BankAccountState): BankAccountEvent[] {
  if (state.status !== 'none')
    throw conflict(
      state.status === 'archived' ? 'This IBAN belongs to an archived account of the client; restore it.' : 'The client already has an account with this IBAN.',
    );
  if (!Number.isSafeInteger(command.clientNo) || command.clientNo <= 0) throw invalid('A bank account needs a client.');
  const iban = normalizeIban(command.iban);
  if (!isValidIban(iban)) throw invalid(VALIDATION_MESSAGES.ibanInvalid, { field: 'iban', key: 'ibanInvalid' });
  const { type: _t, clientNo, iban: _i, ...rest } = command;
  const details = checkDetails(rest) as BankAccountDetails;
  return [{ type: 'BankAccountOpened', data: { accountId: bankAccountId(clientNo, iban), client_no: clientNo, iban, ...details } }];
}

function existing(state: BankAccountState, action: string) {
  if (state.status === 'none') throw notFound(`Cannot ${action}: the bank account does not exist.`);
  return state;
}

function change(command: ChangeBankAccount, state: BankAccountState): BankAccountEvent[] {
  const account = existing(state, 'change the account');
  if (account.status === 'archived') throw conflict('Cannot change an archived account; restore it first.');
  const checked = checkDetails(command.changes);
  const changes = Object.fromEntries(
    Object.entries(checked).filter(([k, v]) => v !== undefined && account.details[k as keyof BankAccountDetails] !== v),
  ) as Partial<BankAccountDetails>;
  return Object.keys(changes).length === 0 ? [] : [{ type: 'BankAccountChanged', data: { changes } }];
}

function saveCsvMapping(command: SaveCsvMapping, state: BankAccountState): BankAccountEvent[] {
  existing(state, 'save the column mapping');
  return [{ type: 'BankAccountCsvMappingSaved', data: { mapping: command.mapping } }];
}

export function decideBankAccount(command: BankAccountCommand, state: BankAccountState): BankAccountEvent[] {
  switch (command.type) {
    case 'OpenBankAccount':
      return open(command, state);
    case 'ChangeBankAccount':
      return change(command, state);
    case 'SaveCsvMapping':
      return saveCsvMapping(command, state);
    case 'ArchiveBankAccount':
      return existing(state, 'archive the account').status === 'archived' ? [] : [{ type: 'BankAccountArchived', data: {} }];
    case 'RestoreBankAccount':
      return existing(state, 'restore the account').status === 'open' ? [] : [{ type: 'BankAccountRestored', data: {} }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** A client's bank account: opened with its IBAN (validated with ibantools), changed, archived, restored. */
export const bankAccountDecider: Decider<BankAccountState, BankAccountCommand, BankAccountEvent> = {
  initialState: initialBankAccountState,
  evolve: evolveBankAccount,
  decide: (command, state) => decideBankAccount(command, state),
};
