import type { BankAccessEvent } from './bank-access.events';

export type BankAccessState =
  | { status: 'none' }
  | {
      status: 'pending' | 'active' | 'revoked';
      clientNo: number;
      validDays: number;
      grantedAt: string | null;
      validUntil: string | null;
      accountIds: string[];
      renewalDays: number | null;
    };

export const initialBankAccessState: BankAccessState = { status: 'none' };

export function evolveBankAccess(state: BankAccessState, event: BankAccessEvent): BankAccessState {
  if (event.type === 'BankAccessRequested') {
    return {
      status: 'pending',
      clientNo: event.data.client_no,
      validDays: event.data.validDays,
      grantedAt: null,
      validUntil: null,
      accountIds: [],
      renewalDays: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'BankAccessGranted':
      return { ...state, status: 'active', grantedAt: event.data.grantedAt, validUntil: event.data.validUntil, accountIds: event.data.accountIds };
    case 'BankAccessRenewalRequested':
      return { ...state, renewalDays: event.data.validDays };
    case 'BankAccessRenewed':
      return { ...state, grantedAt: event.data.grantedAt, validUntil: event.data.validUntil, renewalDays: null };
    case 'BankAccessAccountsUpdated':
      return { ...state, accountIds: event.data.accountIds };
    case 'BankAccessRevoked':
      return { ...state, status: 'revoked' };
    case 'BankAccessSynced':
      return state;
  }
}
