import type { Book, CostCentre, ExpenseAccount, PersonAccount } from './accounting';
import type { DocumentHistory } from './audit';
import type { CompanySettings } from './company-settings';
import type { DocumentRecord } from './documents';
import type { EInvoiceVerdict } from './einvoice-validation';
import type { ExportJob, PaymentQr } from './exports';
import type { CashRegister, FonConflict, FonFirm, FonImport, FonQuotaItem, FonUser } from './fon';
import type { OpenItem } from './open-items';
import type { AccountingPeriod, Company, DocumentCategory, PortalConfig, VersionInfo } from './read-models';
import type { ServicePath } from './services';
import type { User } from './user';

/**
 * The record type of each service path (spec §7): what `get`, `create`, `patch`, `update` and `remove`
 * answer and what a `find` page holds. Clients (the web app's Feathers client, scripts with
 * `@feathersjs/rest-client`) take their types from here. A path whose records have no type yet is left out
 * until its feature adds one.
 */
export interface ServiceTypes {
  config: PortalConfig;
  version: VersionInfo;
  'accounting-client': Company;
  'document-category': DocumentCategory;
  'company-settings': CompanySettings;
  'acc-periods': AccountingPeriod;
  'acc-exp-acc': ExpenseAccount;
  'acc-cost': CostCentre;
  'acc-books': Book;
  'acc-suppliers': PersonAccount;
  documents: DocumentRecord;
  users: User;
  'document-history': DocumentHistory;
  'payment-qr': PaymentQr;
  'erp-exports': ExportJob;
  'open-items': OpenItem;
  'fon-quota-items': FonQuotaItem;
  'fon-conflicts': FonConflict;
  'cash-registers': CashRegister;
  'fon-users': FonUser;
  'fon-firms': FonFirm;
  'fon-imports': FonImport;
  'einvoice-validation': EInvoiceVerdict;
}

/** The typed paths; `never` (and every typed call fails to compile) when a key of the map is not a path of SERVICES. */
export type TypedServicePath = keyof ServiceTypes extends ServicePath ? keyof ServiceTypes : never;
