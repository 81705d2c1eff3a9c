/** Service paths of the Feathers gateway (spec §7). */
export const SERVICES = {
  authentication: 'authentication',
  config: 'config',
  version: 'version',
  accountingClient: 'accounting-client',
  documentCategory: 'document-category',
  companySettings: 'company-settings',
  accPeriods: 'acc-periods',
  accExpenseAccounts: 'acc-exp-acc',
  accCost: 'acc-cost',
  accBooks: 'acc-books',
  accSuppliers: 'acc-suppliers',
  documents: 'documents',
  users: 'users',
  account: 'account',
  idpUsers: 'idp-users',
  idpUserBulk: 'idp-user-bulk',
  documentHistory: 'document-history',
  paymentQr: 'payment-qr',
  erpExports: 'erp-exports',
  addresses: 'addresses',
  addressHistory: 'address-history',
  companyRegister: 'company-register',
  rpaErrors: 'rpa-errors',
  fonQuotaItems: 'fon-quota-items',
  fonConflicts: 'fon-conflicts',
  cashRegisters: 'cash-registers',
  fonUsers: 'fon-users',
  fonFirms: 'fon-firms',
  fonImports: 'fon-imports',
  openItems: 'open-items',
  svAccounts: 'sv-accounts',
  svTransactions: 'sv-transactions',
  svInterestRates: 'sv-interest-rates',
  reports: 'reports',
  responsibilities: 'responsibilities',
  firmOverview: 'firm-overview',
  editorDocument: 'editor-document',
  scanners: 'scanners',
  bankAccounts: 'bank-accounts',
  bankTransactions: 'bank-transactions',
  bankAccesses: 'bank-accesses',
  bankImports: 'bank-imports',
  bankBalances: 'bank-balances',
  bankMatches: 'bank-matches',
  bankOverview: 'bank-overview',
  bankInstitutions: 'bank-institutions',
  supplierModels: 'supplier-models',
  documentWords: 'document-words',
  einvoiceValidation: 'einvoice-validation',
} as const;

export type ServicePath = (typeof SERVICES)[keyof typeof SERVICES];

export const STANDARD_METHODS = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const;
export type StandardMethod = (typeof STANDARD_METHODS)[number];

export const SERVICE_EVENTS = ['created', 'updated', 'patched', 'removed'] as const;
export type ServiceEvent = (typeof SERVICE_EVENTS)[number];

/**
 * Query keys the gateway reads besides the Feathers common syntax.
 * - `commandId`: makes a create/patch/update/remove idempotent; a retry with the same id is applied once.
 * - `revision`: the stream revision the caller last saw; a mismatch answers Conflict.
 */
export const COMMAND_QUERY_KEYS = ['commandId', 'revision'] as const;

export interface Paginated<T> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
}
