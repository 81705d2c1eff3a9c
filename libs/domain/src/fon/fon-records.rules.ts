import type { FonConflict, FonConflictKind, FonItemState, FonReturnType } from '@portal/contracts';

/** What FinanzOnline says about one return (a row of the FON quota import). */
export interface FonSide {
  name: string;
  businessIncome: boolean;
  /** Registered for the quota and counted (the FON file's Quotenrelevant). */
  counted: boolean;
  abgabedatum: string | null;
  eingangsDatum: string | null;
  /** The tax office's name as the FON file gives it (the book's office is the tax number's first two digits). */
  officeName?: string | null;
  /** When the tax number was registered for the quota, when the file says (a late registration counts from the deadline after it). */
  registeredOn?: string | null;
}

/** What NTCS (the firm's accounting system) says about one return (a row of the NTCS export). */
export interface NtcsSide {
  persNr: string;
  name: string;
  filingDate: string | null;
  responsible: string | null;
  /** The portal's client company of the record, when the export names it: its responsible person (the responsibility view) wins over NTCS's. */
  clientNo?: number | null;
}

export interface FonRecord extends FonSide {
  taxId: string;
  returnType: FonReturnType;
}

export interface NtcsRecord extends NtcsSide {
  taxId: string;
  returnType: FonReturnType;
}

/** One disagreement as the conflict list shows it: kind, field and both values. */
export type DetectedConflict = Pick<FonConflict, 'kind' | 'field' | 'fon_value' | 'ntcs_value'>;

/** Tax number (Steuernummer) as digits only: two digits tax office, seven digits number. */
export const normalizeTaxId = (value: string) => value.replace(/\D/g, '');
/** 12-345/6789, as FinanzOnline prints it. */
export const formatTaxId = (digits: string) => (digits.length === 9 ? `${digits.slice(0, 2)}-${digits.slice(2, 5)}/${digits.slice(5)}` : digits);
export const taxOfficeOf = (taxId: string) => normalizeTaxId(taxId).slice(0, 2);
/** One return of one firm: two firms may hold the same tax number in the same year, and each keeps its own item. */
export const itemIdOf = (firmId: string, taxYear: number, taxId: string, returnType: string) => `${firmId}:${taxYear}:${normalizeTaxId(taxId)}:${returnType}`;

/**
 * The disagreements of FinanzOnline and NTCS on one return:
 * - no NTCS record: FinanzOnline lists the return, NTCS has no client record for it (once NTCS data was imported);
 * - value mismatch in NTCS: FinanzOnline's submission is missing or different in NTCS (correct NTCS);
 * - value mismatch in FON: NTCS records a return FinanzOnline does not have registered or submitted (check FinanzOnline).
 */
export function detectConflicts(fon: FonSide | null, ntcs: NtcsSide | null, ntcsImported: boolean): DetectedConflict[] {
  if (fon && !ntcs) return ntcsImported ? [{ kind: 'no_ntcs_record', field: 'ntcsPersNr', fon_value: fon.name, ntcs_value: null }] : [];
  if (!fon && ntcs) return [{ kind: 'fon_mismatch', field: 'registered', fon_value: null, ntcs_value: ntcs.persNr }];
  if (!fon || !ntcs) return [];
  if (fon.abgabedatum && fon.abgabedatum !== ntcs.filingDate)
    return [{ kind: 'ntcs_mismatch', field: 'abgabedatum', fon_value: fon.abgabedatum, ntcs_value: ntcs.filingDate }];
  if (!fon.abgabedatum && ntcs.filingDate) return [{ kind: 'fon_mismatch', field: 'abgabedatum', fon_value: null, ntcs_value: ntcs.filingDate }];
  return [];
}

/** An item's state: not relevant, a conflict, resolved by a person, submitted, or open. */
export function itemStateOf(item: {
  notRelevant: boolean;
  openConflicts: FonConflictKind[];
  resolvedManually: boolean;
  abgabedatum: string | null;
}): FonItemState {
  if (item.notRelevant) return 'not_relevant';
  if (item.openConflicts.includes('no_ntcs_record')) return 'no_ntcs_record';
  if (item.openConflicts.length > 0) return 'data_conflict';
  if (item.resolvedManually) return 'resolved_manually';
  return item.abgabedatum ? 'submitted' : 'open';
}
