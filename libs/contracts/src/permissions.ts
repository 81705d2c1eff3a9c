/** Permission codes of spec section 6 (`permissions_array`). */
export const PERMISSIONS = {
  acc: 'book confirmed invoices into the accounting system, manage suppliers/customers',
  adm: 'administrator',
  app: 'confirm incoming invoices',
  ban: 'banking view',
  cor: 'mark for correction (unused)',
  ded: 'document editor',
  doc: 'documents view',
  dpv: 'payroll documents',
  exp: 'mark invoices booked/imported',
  kca: 'identity-provider admin: edit all users, create users with all permissions',
  lab: 'labeling tool',
  lar: 'list outgoing invoices',
  ove: 'overview page',
  pay: 'payment QR codes',
  pdf: 'external OCR/PDF service and PDF-sandwich access',
  rep: 'reports and unpaid items',
  wka: 'wiki in-office user',
  wks: 'wiki office pages',
  wed: 'wiki editor',
  wad: 'wiki administrator',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}
