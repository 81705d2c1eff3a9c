import type { BankInstitution } from '@portal/contracts';
import { isValidIban, normalizeIban, toCents } from '@portal/domain';
import type { GoCardlessConfig } from '../banking-config';
import { emptyEntryFields, withKeys, type ParsedEntry } from '@portal/bank-statements';
import { BankConnectorError, type BankConnector, type ConsentRequest, type ConsentStart, type RemoteAccount, type RemoteTransactions } from './bank-connector';

interface Amount {
  amount: string;
  currency: string;
}
/** A transaction as GET /api/v2/accounts/{id}/transactions/ documents it (the fields we read). */
export interface GcTransaction {
  transactionId?: string;
  internalTransactionId?: string;
  entryReference?: string;
  endToEndId?: string;
  mandateId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: Amount;
  creditorName?: string;
  creditorAccount?: { iban?: string };
  debtorName?: string;
  debtorAccount?: { iban?: string };
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  remittanceInformationStructured?: string;
  bankTransactionCode?: string;
  proprietaryBankTransactionCode?: string;
}

const REQUISITION_LINKED = 'LN';
const REQUISITION_DONE = new Set(['RJ', 'EX', 'SU']);

/** One GoCardless transaction as a statement entry (credits positive); the transaction id is the bank reference. */
export function entryOfGc(t: GcTransaction, status: 'booked' | 'pending'): Omit<ParsedEntry, 'key'> {
  const cents = toCents(t.transactionAmount.amount) ?? 0;
  const credit = cents >= 0;
  const iban = (credit ? t.debtorAccount?.iban : t.creditorAccount?.iban) ?? null;
  const end = t.endToEndId && t.endToEndId !== 'NOTPROVIDED' ? t.endToEndId : null;
  return {
    ...emptyEntryFields,
    status,
    bookingDate: t.bookingDate ?? t.valueDate ?? '',
    valueDate: t.valueDate ?? null,
    amountCents: cents,
    currency: t.transactionAmount.currency,
    counterpartyName: (credit ? t.debtorName : t.creditorName) ?? '',
    counterpartyIban: iban && isValidIban(iban) ? normalizeIban(iban) : null,
    remittance: (t.remittanceInformationUnstructured ?? t.remittanceInformationUnstructuredArray?.join(' ') ?? t.remittanceInformationStructured ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
    endToEndId: end,
    mandateId: t.mandateId ?? null,
    bankReference: t.transactionId ?? t.internalTransactionId ?? t.entryReference ?? null,
    bankCode: t.bankTransactionCode ?? t.proprietaryBankTransactionCode ?? null,
  };
}

/**
 * GoCardless Bank Account Data (formerly Nordigen), its documented REST API v2: a token from the secrets,
 * institutions, an end-user agreement with `access_valid_for_days`, a requisition whose link the customer
 * opens, then accounts, details, balances and transactions; deleting the requisition revokes the consent.
 */
export class GoCardlessConnector implements BankConnector {
  readonly source = 'gocardless' as const;
  private token: { access: string; until: number } | null = null;

  constructor(
    private readonly config: GoCardlessConfig,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private async request<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) headers.authorization = `Bearer ${await this.accessToken()}`;
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (e) {
      throw new BankConnectorError(`${method} ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await response.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) {
      const detail = (json as { detail?: string; summary?: string } | null)?.detail ?? (json as { summary?: string } | null)?.summary ?? response.statusText;
      throw new BankConnectorError(`${method} ${path} answered ${response.status}: ${detail}`, response.status);
    }
    return json as T;
  }

  private async accessToken(): Promise<string> {
    const now = this.clock().getTime();
    if (this.token && this.token.until > now + 60_000) return this.token.access;
    const t = await this.request<{ access: string; access_expires: number }>(
      'POST',
      '/api/v2/token/new/',
      { secret_id: this.config.secretId, secret_key: this.config.secretKey },
      false,
    );
    this.token = { access: t.access, until: now + t.access_expires * 1000 };
    return t.access;
  }

  async institutions(country: string | null): Promise<BankInstitution[]> {
    const list = await this.request<Array<{ id: string; name: string; bic?: string; countries?: string[]; max_access_valid_for_days?: string | number }>>(
      'GET',
      `/api/v2/institutions/?country=${encodeURIComponent((country ?? 'AT').toLowerCase())}`,
    );
    return list.map((i) => ({
      id: i.id,
      name: i.name,
      bic: i.bic ?? null,
      source: 'gocardless',
      max_valid_days: Math.min(180, Number(i.max_access_valid_for_days ?? 90) || 90),
      countries: i.countries ?? [],
    }));
  }

  async requestConsent(request: ConsentRequest): Promise<ConsentStart> {
    const agreement = await this.request<{ id: string }>('POST', '/api/v2/agreements/enduser/', {
      institution_id: request.institutionId,
      max_historical_days: 90,
      access_valid_for_days: request.validDays,
      access_scope: ['balances', 'details', 'transactions'],
    });
    const requisition = await this.request<{ id: string; link: string }>('POST', '/api/v2/requisitions/', {
      redirect: request.redirect || 'http://localhost/',
      institution_id: request.institutionId,
      reference: `${request.reference}-${this.clock().getTime()}`,
      agreement: agreement.id,
      user_language: 'DE',
    });
    return { requisitionId: requisition.id, link: requisition.link, granted: false };
  }

  async consentedAccounts(requisitionId: string | null): Promise<RemoteAccount[] | null> {
    if (!requisitionId) throw new BankConnectorError('The access has no requisition.');
    const requisition = await this.request<{ status: string; accounts: string[]; institution_id: string }>(
      'GET',
      `/api/v2/requisitions/${encodeURIComponent(requisitionId)}/`,
    );
    if (REQUISITION_DONE.has(requisition.status))
      throw new BankConnectorError(`The requisition is ${requisition.status} (rejected, expired or suspended); start a new consent.`);
    if (requisition.status !== REQUISITION_LINKED) return null;
    const accounts: RemoteAccount[] = [];
    for (const id of requisition.accounts) {
      const meta = await this.request<{ iban?: string; institution_id?: string; owner_name?: string }>('GET', `/api/v2/accounts/${encodeURIComponent(id)}/`);
      const details = await this.request<{ account: { iban?: string; currency?: string; name?: string; product?: string; bic?: string } }>(
        'GET',
        `/api/v2/accounts/${encodeURIComponent(id)}/details/`,
      );
      const iban = details.account.iban ?? meta.iban;
      if (!iban || !isValidIban(iban)) continue;
      accounts.push({
        remoteId: id,
        iban: normalizeIban(iban),
        currency: details.account.currency ?? 'EUR',
        name: details.account.name ?? details.account.product ?? normalizeIban(iban),
        bic: details.account.bic ?? null,
        bankName: requisition.institution_id,
      });
    }
    return accounts;
  }

  async transactions(account: RemoteAccount, from: string, to: string): Promise<RemoteTransactions> {
    const id = encodeURIComponent(account.remoteId);
    const body = await this.request<{ transactions: { booked?: GcTransaction[]; pending?: GcTransaction[] } }>(
      'GET',
      `/api/v2/accounts/${id}/transactions/?date_from=${from}&date_to=${to}`,
    );
    const balances = await this.request<{ balances: Array<{ balanceAmount: Amount; balanceType: string; referenceDate?: string }> }>(
      'GET',
      `/api/v2/accounts/${id}/balances/`,
    );
    const preferred = ['closingBooked', 'interimBooked', 'expected', 'interimAvailable'];
    const balance = preferred.map((t) => balances.balances.find((b) => b.balanceType === t)).find((b) => b !== undefined);
    const booked = (body.transactions.booked ?? []).filter((t) => (t.bookingDate ?? t.valueDate) !== undefined).map((t) => entryOfGc(t, 'booked'));
    return {
      booked: withKeys(booked),
      pending: withKeys((body.transactions.pending ?? []).map((t) => ({ ...entryOfGc(t, 'pending'), bookingDate: t.bookingDate ?? t.valueDate ?? to }))),
      closing: balance ? { amountCents: toCents(balance.balanceAmount.amount) ?? 0, date: balance.referenceDate ?? to } : null,
    };
  }

  async revoke(requisitionId: string | null): Promise<void> {
    if (!requisitionId) return;
    try {
      await this.request('DELETE', `/api/v2/requisitions/${encodeURIComponent(requisitionId)}/`);
    } catch (e) {
      if (!(e instanceof BankConnectorError && e.status === 404)) throw e;
    }
  }
}
