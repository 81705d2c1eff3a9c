import type { SvBookingStateCode, SvInterestRate, SvTransaction } from '@portal/contracts';
import {
  accountIdOfSvStream,
  SV_ACCOUNT_EVENT_TYPES,
  SV_RATE_EVENT_TYPES,
  type SvAccountDetails,
  type SvAccountEvent,
  type SvBooking,
  type SvInterestRateSet,
  domainEventOf,
} from '@portal/domain';
import { collectionSpecs, SV_ACCOUNTS, SV_TRANSACTIONS, SV_INTEREST_RATES, type StoredSvAccount, put } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

function detailFields(d: Partial<SvAccountDetails>): Partial<StoredSvAccount> {
  const out: Partial<StoredSvAccount> = {};
  if (d.kind !== undefined) out.kind = d.kind;
  if (d.ntcsId !== undefined) out.ntcs_id = d.ntcsId;
  if (d.kanzleiId !== undefined) out.kanzlei_id = d.kanzleiId;
  if (d.kassaMandant !== undefined) out.kassa_mandant = d.kassaMandant;
  if (d.responsible !== undefined) out.responsible = d.responsible;
  if (d.rateOverride !== undefined) out.verzugszinsatz_pro_jahr = d.rateOverride;
  if (d.sepa !== undefined) {
    out.sepa = d.sepa && {
      mandate_reference: d.sepa.mandateReference,
      scheme: d.sepa.scheme,
      sequence: d.sepa.sequence,
      creditor_id: d.sepa.creditorId,
      debtor_name: d.sepa.debtorName,
      debtor_iban: d.sepa.debtorIban,
      signature_date: d.sepa.signatureDate,
    };
  }
  if (d.pension) out.pension = { insurance_number: d.pension.insuranceNumber, pension_type: d.pension.pensionType, since: d.pension.since };
  if (d.partner) out.partner = { name: d.partner.name, insurance_number: d.partner.insuranceNumber, relation: d.partner.relation };
  if (d.powerOfAttorney)
    out.power_of_attorney = {
      holder: d.powerOfAttorney.holder,
      granted_on: d.powerOfAttorney.grantedOn,
      valid_until: d.powerOfAttorney.validUntil,
      scope: d.powerOfAttorney.scope,
    };
  return out;
}

const transactionOf = (
  accountId: string,
  companyNo: number,
  b: SvBooking,
  source: SvTransaction['source'],
  by: string,
  at: string,
  revision: number,
): SvTransaction => ({
  id: `${accountId}:${b.id}`,
  account_id: accountId,
  company_no: companyNo,
  buchungsDatum: b.bookingDate,
  wertstellungsDatum: b.valueDate,
  buchungstext: b.text,
  beitragszeitraum: b.period,
  soll: b.debit,
  haben: b.credit,
  buchungszustand: b.state,
  source,
  corrected: false,
  correction_reason: null,
  recorded_by: by,
  recorded_at: at,
  revision,
});

/** The latest booking state among the bookings (by booking date), and since when, starting from `account`'s. */
function latestState(
  account: Pick<StoredSvAccount, 'state' | 'state_since'>,
  bookings: readonly SvTransaction[],
): Pick<StoredSvAccount, 'state' | 'state_since'> {
  let state: SvBookingStateCode = account.state;
  let since = account.state_since;
  for (const t of bookings) {
    if (t.buchungszustand && (since === null || t.buchungsDatum >= since)) {
      state = t.buchungszustand;
      since = t.buchungsDatum;
    }
  }
  return { state, state_since: since };
}

/** sv_accounts, sv_transactions (one record per booking) and sv_interest_rates (one per year). */
export const svAccountsProjection: Projection = {
  name: 'sv-accounts',
  version: 2,
  collections: collectionSpecs(SV_ACCOUNTS, SV_TRANSACTIONS, SV_INTEREST_RATES),
  handles: [...SV_ACCOUNT_EVENT_TYPES, ...SV_RATE_EVENT_TYPES],
  async project(recorded, view) {
    const at = recorded.metadata.time;
    const by = recorded.metadata.userId;
    if (recorded.type === 'SvInterestRateSet') {
      const { year, rate } = domainEventOf<SvInterestRateSet>(recorded).data;
      const doc: SvInterestRate = { id: year, year, rate, set_by: by, set_at: at, revision: recorded.revision };
      return [put(SV_INTEREST_RATES, { ...doc })];
    }
    const accountId = accountIdOfSvStream(recorded.streamId);
    const event = domainEventOf<SvAccountEvent>(recorded);
    if (event.type === 'SvAccountOpened') {
      const d = event.data;
      const account: StoredSvAccount = {
        id: accountId,
        company_no: d.companyNo,
        kontonr: d.kontonr,
        kind: 'OEGK',
        ntcs_id: null,
        kanzlei_id: null,
        kassa_mandant: null,
        responsible: null,
        verzugszinsatz_pro_jahr: null,
        sepa: null,
        pension: { insurance_number: null, pension_type: null, since: null },
        partner: { name: null, insurance_number: null, relation: null },
        power_of_attorney: { holder: null, granted_on: null, valid_until: null, scope: null },
        state: '',
        state_since: null,
        transaction_count: 0,
        updated_at: at,
        revision: recorded.revision,
        ...detailFields(d.details),
      };
      return [put(SV_ACCOUNTS, { ...account })];
    }
    const account = await view.get(SV_ACCOUNTS, accountId);
    if (!account) return [];
    const base: StoredSvAccount = { ...account, updated_at: at, revision: recorded.revision };
    switch (event.type) {
      case 'SvAccountChanged':
        return [put(SV_ACCOUNTS, { ...base, ...detailFields(event.data.changes) })];
      case 'SvStatementImported':
      case 'SvBookingRecorded': {
        const bookings = event.type === 'SvStatementImported' ? event.data.bookings : [event.data.booking];
        const source = event.type === 'SvStatementImported' ? 'import' : 'manual';
        const txs = bookings.map((b) => transactionOf(accountId, account.company_no, b, source, by, at, recorded.revision));
        const next = { ...base, ...latestState(base, txs), transaction_count: account.transaction_count + txs.length };
        return [...txs.map((t) => put(SV_TRANSACTIONS, { ...t })), put(SV_ACCOUNTS, { ...next })];
      }
      case 'SvBookingCorrected': {
        const id = `${accountId}:${event.data.bookingId}`;
        const current = await view.get(SV_TRANSACTIONS, id);
        if (!current) return [];
        const c = event.data.changes;
        const tx: SvTransaction = {
          ...current,
          ...(c.bookingDate !== undefined ? { buchungsDatum: c.bookingDate } : {}),
          ...(c.valueDate !== undefined ? { wertstellungsDatum: c.valueDate } : {}),
          ...(c.text !== undefined ? { buchungstext: c.text } : {}),
          ...(c.period !== undefined ? { beitragszeitraum: c.period } : {}),
          ...(c.debit !== undefined ? { soll: c.debit } : {}),
          ...(c.credit !== undefined ? { haben: c.credit } : {}),
          ...(c.state !== undefined ? { buchungszustand: c.state } : {}),
          corrected: true,
          correction_reason: event.data.reason,
          recorded_by: by,
          recorded_at: at,
          revision: recorded.revision,
        };
        // The account's state from all its bookings again: a correction may clear the state that was the latest.
        const others = (await view.findWhere(SV_TRANSACTIONS, { account_id: accountId })).filter((t) => t.id !== tx.id);
        const state = latestState({ state: '', state_since: null }, [...others, tx]);
        return [put(SV_TRANSACTIONS, { ...tx }), put(SV_ACCOUNTS, { ...base, ...state })];
      }
    }
    return [];
  },
};
