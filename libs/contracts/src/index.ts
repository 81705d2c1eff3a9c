export {
  ERROR_CLASSES,
  PortalError,
  BadRequest,
  NotAuthenticated,
  Forbidden,
  NotFound,
  MethodNotAllowed,
  Timeout,
  Conflict,
  Gone,
  Unprocessable,
  TooManyRequests,
  GeneralError,
  Unavailable,
  isPortalError,
  toFeathersError,
} from './errors';
export type { ErrorName, FeathersErrorJSON } from './errors';
export { PERMISSIONS, ALL_PERMISSIONS, isPermission } from './permissions';
export type { Permission } from './permissions';
export { LOCALES, DEFAULT_LOCALE, hasPermission, mayAccessClient } from './user';
export type { User, Locale, AuthenticationResult } from './user';
export { ACCOUNT_SYSTEMS } from './read-models';
export type {
  Versioned,
  Company,
  DocumentCategory,
  AccountSystem,
  CompanySettings,
  AccountingPeriod,
  PortalConfig,
  VersionInfo,
  BootstrapConfig,
} from './read-models';
export { SERVICES, STANDARD_METHODS, SERVICE_EVENTS, COMMAND_QUERY_KEYS } from './services';
export type { ServicePath, StandardMethod, ServiceEvent, Paginated } from './services';
export type { Scalar, FieldOperators, FieldCondition, Where, Query } from './query';
export { ORIGIN, DOCUMENT_FLAGS, FILING_CATEGORY_CODES, DOCUMENT_TABS } from './documents';
export type {
  OriginCode,
  DocumentFlag,
  Party,
  TaxBreakdownLine,
  LineItem,
  ExtractedFields,
  ExtractedFieldName,
  EInvoiceInfo,
  ExtractionResult,
  FilingCategoryCode,
  DocumentTab,
  ExtractionStatus,
  DocumentRecord,
  DocumentSearchHit,
  DocumentProgress,
} from './documents';
