import type { FonConflict, FonConflictKind, FonFirm, FonImport, FonItemState, FonQuotaItem, FonUser } from '@portal/contracts';
import type { FonSide, NtcsSide, SealedSecret } from '@portal/domain';
import type { CollectionSpec, Doc } from '@portal/read-store';
import { collection } from './collection';

export const FON_FIRMS = collection<FonFirm>('fon_firms');
export const FON_USERS = collection<FonUser>('fon_users');
export const FON_IMPORTS = collection<StoredFonImport>('fon_imports');
export const CASH_REGISTERS = collection<Doc>('cash_registers');
/** Sealed (encrypted) secrets by owner id (`firm:<id>`, `fon-user:<id>`); no service serves this collection. */
export const SEALED_SECRETS = collection<{ id: string; secret: SealedSecret }>('sealed_secrets');
export const FON_QUOTA_ITEMS = collection<StoredFonQuotaItem>('fon_quota_items');
export const FON_CONFLICTS = collection<FonConflict>('fon_conflicts');
/** Per firm, tax year and tax office: the quota base and the filter counts (QuotaCounts). */
export const FON_QUOTA_COUNTS = collection<QuotaCounts>('fon_quota_counts');
/** Per firm, tax year, tax office and month: the filings per day (QuotaFilings). */
export const FON_QUOTA_FILINGS = collection<QuotaFilings>('fon_quota_filings');

export const FON_COLLECTIONS: readonly CollectionSpec[] = [
  { name: FON_FIRMS, indexes: [['name']] },
  { name: FON_USERS, indexes: [['firm_id', 'quota_year']] },
  { name: FON_IMPORTS, indexes: [['firm_id', 'started_at'], ['status']] },
  { name: CASH_REGISTERS, indexes: [['firm_id', 'status'], ['taxId'], ['client_no']] },
  { name: SEALED_SECRETS, indexes: [] },
  {
    name: FON_QUOTA_ITEMS,
    indexes: [
      ['firm_id', 'tax_year', 'name'],
      ['firm_id', 'tax_year', 'status', 'name'],
      ['firm_id', 'tax_year', 'tax_office', 'name'],
      ['firm_id', 'tax_year', 'conflict_kind', 'name'],
      ['firm_id', 'tax_year', 'zustMa', 'name'],
      ['tax_digits'],
      ['client_no'],
    ],
    fullText: ['name', 'taxId', 'ntcsPersNr'],
  },
  { name: FON_CONFLICTS, indexes: [['firm_id', 'tax_year', 'status', 'opened_at'], ['firm_id', 'tax_year', 'kind'], ['item_id']] },
  { name: FON_QUOTA_COUNTS, indexes: [['firm_id', 'tax_year']] },
  { name: FON_QUOTA_FILINGS, indexes: [['firm_id', 'tax_year']] },
];

/** An import as stored: the record of the list plus the file and the instance running it. */
export type StoredFonImport = FonImport & { file_sha256: string | null; instance: string | null; heartbeat_at: string };

/** What one item adds to its book's counts (quota base, filings, facets). */
export interface Contribution {
  counted: boolean;
  business: boolean;
  filedOn: string | null;
  employee: string | null;
  status: FonItemState;
  conflict: FonConflictKind | null;
  /** A counted return registered late: its registration day (it counts from the deadline after it); else null. */
  lateOn: string | null;
}

/** The item as stored: the record of spec §3 plus both sides, its conflicts and what it contributes to the counts. */
export type StoredFonQuotaItem = FonQuotaItem & {
  fon: FonSide | null;
  ntcs: NtcsSide | null;
  open_conflicts: FonConflictKind[];
  /** Conflicts a person resolved that the data still shows. */
  resolved_conflicts: string[];
  /** The tax number's digits (joins the cash registers). */
  tax_digits: string;
  /** The responsibility view's person for `client_no`, when it names one. */
  responsible_override: string | null;
  contribution: Contribution | null;
};

/** What leaves the server: the record of spec §3 without the sides and the bookkeeping. */
export function presentFonQuotaItem(doc: StoredFonQuotaItem): FonQuotaItem {
  const { fon: _f, ntcs: _n, open_conflicts: _o, resolved_conflicts: _r, tax_digits: _t, responsible_override: _p, contribution: _c, ...item } = doc;
  return item;
}

/**
 * Per firm, tax year and tax office: the quota base and the counts the item filters offer (states, conflict
 * kinds, employees). The filings per day live apart, one record per month (QuotaFilings): every event of an
 * import reads and writes its book's counts, so they stay small.
 */
export interface QuotaCounts {
  id: string;
  firm_id: string;
  tax_year: number;
  tax_office: string;
  office_name: string | null;
  items: number;
  /** Counted returns registered in time (by 30 June Y+1); their filings are in QuotaFilings. */
  base: number;
  business_base: number;
  /** Counted returns registered late, by `<registered on>|<filed on, or ''>|<1: business income, 0: not>` (few). */
  late: Record<string, number>;
  statuses: Record<string, number>;
  conflicts: Record<string, number>;
  /** By responsible employee; '' for items without one. */
  employees: Record<string, number>;
}

/** The counted returns of one book filed in one month, by day of the month ('01'…'31'). */
export interface QuotaFilings {
  id: string;
  firm_id: string;
  tax_year: number;
  tax_office: string;
  /** YYYY-MM */
  month: string;
  filed: Record<string, number>;
  business_filed: Record<string, number>;
}

/** The key of QuotaCounts.late for a return registered late. */
export const lateKeyOf = (registeredOn: string, filedOn: string | null, business: boolean) => `${registeredOn}|${filedOn ?? ''}|${business ? 1 : 0}`;

export function readLateKey(key: string): { registeredOn: string; filedOn: string | null; business: boolean } {
  const [registeredOn, filedOn, business] = key.split('|');
  return { registeredOn: registeredOn!, filedOn: filedOn || null, business: business === '1' };
}
