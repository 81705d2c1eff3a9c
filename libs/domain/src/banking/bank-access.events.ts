import type { BankAccessSource } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export interface Institution {
  id: string;
  name: string;
}

export type BankAccessRequested = DomainEvent<
  'BankAccessRequested',
  {
    accessId: string;
    client_no: number;
    source: BankAccessSource;
    institution: Institution;
    validDays: number;
    requisitionId: string | null;
    link: string | null;
  }
>;
export type BankAccessGranted = DomainEvent<'BankAccessGranted', { grantedAt: string; validUntil: string; accountIds: string[] }>;
export type BankAccessRenewalRequested = DomainEvent<'BankAccessRenewalRequested', { validDays: number; requisitionId: string | null; link: string | null }>;
export type BankAccessRenewed = DomainEvent<'BankAccessRenewed', { grantedAt: string; validUntil: string }>;
export type BankAccessAccountsUpdated = DomainEvent<'BankAccessAccountsUpdated', { accountIds: string[] }>;
export type BankAccessRevoked = DomainEvent<'BankAccessRevoked', { revokedAt: string }>;
export type BankAccessSynced = DomainEvent<'BankAccessSynced', { syncedAt: string; importId: string | null }>;

export type BankAccessEvent =
  BankAccessRequested | BankAccessGranted | BankAccessRenewalRequested | BankAccessRenewed | BankAccessAccountsUpdated | BankAccessRevoked | BankAccessSynced;

export const BANK_ACCESS_EVENT_TYPES = [
  'BankAccessRequested',
  'BankAccessGranted',
  'BankAccessRenewalRequested',
  'BankAccessRenewed',
  'BankAccessAccountsUpdated',
  'BankAccessRevoked',
  'BankAccessSynced',
] as const;

export const bankAccessStreamId = (accessId: string) => `bank-access-${accessId}`;
