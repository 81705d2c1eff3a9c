import type { BankAccessSource, BankInstitution } from '@portal/contracts';
import type { ParsedEntry, StatementBalance } from '@portal/bank-statements';

/** An account as the bank (or aggregator) reports it under a consent. */
export interface RemoteAccount {
  remoteId: string;
  iban: string;
  currency: string;
  name: string;
  bic: string | null;
  bankName: string;
  accountType?: 'checking' | 'savings' | 'securities' | 'loan';
}

export interface RemoteTransactions {
  booked: ParsedEntry[];
  pending: ParsedEntry[];
  /** The booked balance at the end of `to` (closing), when the bank reports one. */
  closing: StatementBalance | null;
}

export interface ConsentRequest {
  clientNo: number;
  institutionId: string;
  validDays: number;
  /** Our reference for the consent (the access id). */
  reference: string;
  /** Where the bank sends the customer back after consent. */
  redirect: string;
}

/** The bank's answer to a consent request: granted at once (sandbox) or a link the customer must open. */
export interface ConsentStart {
  requisitionId: string | null;
  link: string | null;
  granted: boolean;
}

/**
 * The transaction sources port for connected banks (statement files are the other source): a sandbox
 * bank and a PSD2 aggregator adapter implement it.
 */
export interface BankConnector {
  readonly source: BankAccessSource;
  institutions(country: string | null): Promise<BankInstitution[]>;
  requestConsent(request: ConsentRequest): Promise<ConsentStart>;
  /** The accounts the customer consented to; null while the consent is not given yet. */
  consentedAccounts(requisitionId: string | null, clientNo: number, institutionId: string): Promise<RemoteAccount[] | null>;
  transactions(account: RemoteAccount, from: string, to: string): Promise<RemoteTransactions>;
  revoke(requisitionId: string | null): Promise<void>;
}

export class BankConnectorError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'BankConnectorError';
  }
}
