import type { BookKind, PostalAddress } from '@portal/contracts';

export type DefineExpenseAccount = { type: 'DefineExpenseAccount'; accounting: number | null; account: string; name: string; tax_rate?: number | null };
export type DefineCostCentre = { type: 'DefineCostCentre'; accounting: number; code: string; name: string };
export type DefineBook = { type: 'DefineBook'; accounting: number; code: string; name: string; kind: BookKind };
export type CreatePersonAccount = {
  type: 'CreatePersonAccount';
  accounting: number;
  account: string;
  name: string;
  vat_id?: string | null;
  iban?: string | null;
  address?: Partial<PostalAddress>;
  /** Marks the partner as customer and supplier (type 4). */
  both?: boolean;
};

export type AccountingCommand = DefineExpenseAccount | DefineCostCentre | DefineBook | CreatePersonAccount;
