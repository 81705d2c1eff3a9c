import { specFor } from '../../test/given-when-then';
import { bankAccountDecider, type OpenBankAccount } from './bank-account.decide';
import type { BankAccountEvent } from './bank-account.events';

const given = specFor(bankAccountDecider);
const open: OpenBankAccount = {
  type: 'OpenBankAccount',
  clientNo: 1001,
  iban: 'at61 1904 3002 3457 3201',
  bic: 'bkauatww',
  bankName: 'Bank Austria',
  accountType: 'checking',
  currency: 'EUR',
  label: 'Geschäftskonto',
  openingBalanceCents: -12_050,
  openingDate: '2026-01-01',
};
const opened: BankAccountEvent = {
  type: 'BankAccountOpened',
  data: {
    accountId: '1001-AT611904300234573201',
    client_no: 1001,
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    bankName: 'Bank Austria',
    accountType: 'checking',
    currency: 'EUR',
    label: 'Geschäftskonto',
    openingBalanceCents: -12_050,
    openingDate: '2026-01-01',
  },
};

describe('bank account: OpenBankAccount', () => {
  it('opens the account under the client and its IBAN in electronic format, with a negative opening balance', () => {
    given([]).when(open).then([opened]);
  });

  it('refuses an IBAN whose check digits are wrong, with the spec text', () => {
    given([])
      .when({ ...open, iban: 'AT61 1904 3002 3457 3202' })
      .thenThrows('IBAN invalid');
  });

  it('refuses a BIC that is not one, an unknown type and a currency that is not ISO 4217', () => {
    given([])
      .when({ ...open, bic: 'BANK' })
      .thenThrows('BIC invalid');
    given([])
      .when({ ...open, accountType: 'crypto' as 'loan' })
      .thenThrows('type must be one of checking, savings, securities, loan.');
    given([])
      .when({ ...open, currency: 'euro' })
      .thenThrows('currency must be an ISO 4217 code such as EUR.');
  });

  it('refuses a second account with the same IBAN for the client', () => {
    given([opened]).when(open).thenThrows('The client already has an account with this IBAN.');
  });

  it('refuses an opening date that is not a date', () => {
    given([])
      .when({ ...open, openingDate: '01.01.2026' })
      .thenThrows('opening date must be a date (YYYY-MM-DD).');
  });
});

describe('bank account: when open', () => {
  it('records only the details that change', () => {
    given([opened])
      .when({ type: 'ChangeBankAccount', changes: { label: 'Hauptkonto', bankName: 'Bank Austria', accountType: 'checking' } })
      .then([{ type: 'BankAccountChanged', data: { changes: { label: 'Hauptkonto' } } }]);
  });

  it('records nothing when nothing changes', () => {
    given([opened])
      .when({ type: 'ChangeBankAccount', changes: { label: 'Geschäftskonto' } })
      .then([]);
  });

  it('archives, and restores an archived account', () => {
    given([opened])
      .when({ type: 'ArchiveBankAccount' })
      .then([{ type: 'BankAccountArchived', data: {} }]);
    given([opened, { type: 'BankAccountArchived', data: {} }])
      .when({ type: 'RestoreBankAccount' })
      .then([{ type: 'BankAccountRestored', data: {} }]);
  });
});

describe('bank account: when archived', () => {
  const archived: BankAccountEvent[] = [opened, { type: 'BankAccountArchived', data: {} }];
  it('refuses changes and a new account with the same IBAN', () => {
    given(archived)
      .when({ type: 'ChangeBankAccount', changes: { label: 'x' } })
      .thenThrows('Cannot change an archived account; restore it first.');
    given(archived).when(open).thenThrows('This IBAN belongs to an archived account of the client; restore it.');
  });

  it('records nothing when archived again', () => {
    given(archived).when({ type: 'ArchiveBankAccount' }).then([]);
  });
});

describe('bank account: when it does not exist', () => {
  it('refuses changes', () => {
    given([]).when({ type: 'ArchiveBankAccount' }).thenThrows('Cannot archive the account: the bank account does not exist.');
  });
});
