import type { CashRegisterState, FonReturnType } from '@portal/contracts';
import { formatTaxId, itemStateOf, normalizeTaxId, quotaRegistrationDeadline } from '@portal/domain';
import type { Contribution, StoredFonQuotaItem as StoredItem } from '@portal/read-models';

export type RegisterSummary = { count: number; worst: CashRegisterState | null } | null;

export function newItem(
  itemId: string,
  book: { firmId: string; taxYear: number; taxOffice: string },
  taxId: string,
  returnType: FonReturnType,
  at: string,
): StoredItem {
  return {
    id: itemId,
    firm_id: book.firmId,
    tax_office: book.taxOffice,
    tax_year: book.taxYear,
    status: 'open',
    name: '',
    taxId: formatTaxId(normalizeTaxId(taxId)),
    ntcsPersNr: null,
    abgabedatum: null,
    eingangsDatum: null,
    quotenArt: returnType,
    business_income: false,
    zustMa: null,
    regKassa: null,
    conflict_kind: null,
    registered: false,
    registered_late_on: null,
    not_relevant_remark: null,
    client_no: null,
    updated_at: at,
    revision: 0,
    fon: null,
    ntcs: null,
    open_conflicts: [],
    resolved_conflicts: [],
    tax_digits: normalizeTaxId(taxId),
    responsible_override: null,
    contribution: null,
  };
}

export function sameContribution(a: Contribution | null, b: Contribution | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.counted === b.counted &&
    a.business === b.business &&
    a.filedOn === b.filedOn &&
    a.employee === b.employee &&
    a.status === b.status &&
    a.conflict === b.conflict &&
    a.lateOn === b.lateOn
  );
}

/** The same entry in the filings per month (both filed in time on the same day and sub-quota, or neither there). */
export function sameFiling(a: Contribution, b: Contribution): boolean {
  const filedA = a.counted && !a.lateOn ? a.filedOn : null;
  const filedB = b.counted && !b.lateOn ? b.filedOn : null;
  return filedA === filedB && (filedA === null || a.business === b.business);
}

/** Counted for the quota: registered in FinanzOnline as counted and not marked not relevant. */
function contributionOf(item: StoredItem): Contribution {
  const counted = !!item.fon && item.fon.counted && item.status !== 'not_relevant';
  return {
    counted,
    business: counted && item.business_income,
    filedOn: counted ? item.abgabedatum : null,
    employee: item.zustMa,
    status: item.status,
    conflict: item.conflict_kind,
    lateOn: counted ? item.registered_late_on : null,
  };
}

/** The derived fields after a change: state, columns from the sides, responsible person, contribution. */
export function finishItem(item: StoredItem, at: string, revision: number): StoredItem {
  const status = itemStateOf({
    notRelevant: item.not_relevant_remark !== null,
    openConflicts: item.open_conflicts,
    resolvedManually: item.resolved_conflicts.length > 0,
    abgabedatum: item.fon?.abgabedatum ?? null,
  });
  const next: StoredItem = {
    ...item,
    status,
    name: item.fon?.name ?? item.ntcs?.name ?? item.name,
    ntcsPersNr: item.ntcs?.persNr ?? null,
    abgabedatum: item.fon?.abgabedatum ?? null,
    eingangsDatum: item.fon?.eingangsDatum ?? null,
    business_income: item.fon?.businessIncome ?? false,
    client_no: item.ntcs?.clientNo ?? null,
    zustMa: item.responsible_override ?? item.ntcs?.responsible ?? null,
    registered: !!item.fon,
    registered_late_on: item.fon?.registeredOn && item.fon.registeredOn > quotaRegistrationDeadline(item.tax_year) ? item.fon.registeredOn : null,
    conflict_kind: item.open_conflicts[0] ?? null,
    updated_at: at,
    revision,
  };
  return { ...next, contribution: contributionOf(next) };
}

/** The worst state first: failure, no permission, out of operation, registered, in operation. */
const SEVERITY: readonly CashRegisterState[] = ['failure', 'no_permission', 'out_of_operation', 'registered', 'in_operation'];

export function summarizeRegisters(states: readonly CashRegisterState[]): RegisterSummary {
  if (states.length === 0) return null;
  const worst = SEVERITY.find((s) => states.includes(s)) ?? null;
  return { count: states.length, worst };
}
