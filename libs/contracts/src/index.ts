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
export {
  ACCOUNT_SYSTEMS,
  CHARTS_OF_ACCOUNTS,
  SETTINGS_COUNTRIES,
  BANK_IMPORT_FORMATS,
  MIN_RETENTION_YEARS,
  MAX_RETENTION_YEARS,
  MAX_DUNNING_LEVELS,
  MAX_SKONTO_TIERS,
  SETTINGS_MESSAGES,
  ERP_NUMBER_RANGES,
  formatMessage,
} from './company-settings';
export type {
  AccountSystem,
  ChartOfAccounts,
  SettingsCountry,
  BankImportFormat,
  SkontoTier,
  PaymentTerms,
  DunningLevel,
  BankImportOptions,
  CompanySettingsValues,
  CompanySettings,
  SettingsMessageKey,
  SettingsIssue,
} from './company-settings';
export type {
  Versioned,
  Company,
  DocumentCategory,
  AccountingPeriod,
  PortalConfig,
  VersionInfo,
  BootstrapConfig,
  Responsibility,
  FirmOverviewRow,
} from './read-models';
export { SERVICES, STANDARD_METHODS, SERVICE_EVENTS, COMMAND_QUERY_KEYS } from './services';
export type { ServicePath, StandardMethod, ServiceEvent, Paginated } from './services';
export type { ServiceTypes, TypedServicePath } from './service-types';
export type { Scalar, FieldOperators, FieldCondition, Where, Query } from './query';
export { ORIGIN, DOCUMENT_FLAGS, FILING_CATEGORY_CODES, DOCUMENT_TABS, EINVOICE_TERMS_VERSION, termsVersionOf } from './documents';
export { EINVOICE_VALIDITIES, countFindings, validityOf } from './einvoice-validation';
export type {
  EInvoiceSeverity,
  EInvoiceFinding,
  EInvoiceVerdict,
  EInvoiceValidity,
  EInvoiceFindingCounts,
  DocumentEInvoiceValidation,
  EInvoiceValidationRequest,
} from './einvoice-validation';
export type {
  OriginCode,
  DocumentFlag,
  Party,
  TaxBreakdownLine,
  LineItem,
  ExtractedFields,
  DocumentKind,
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
export { LABEL_FIELDS, EXTRACTED_FIELD_OF, readLabelValue, readAmount, readDate, sameLabelValue } from './labels';
export type {
  LabelField,
  LabelValue,
  LabelBox,
  PageWord,
  PageWords,
  DocumentLabel,
  LearnedInfo,
  SearchablePdfInfo,
  FieldSample,
  SupplierModelRecord,
} from './labels';
export { DOCUMENT_TYPES, PAYMENT_METHODS, BOOKING_FIELD_NAMES, VALIDATION_MESSAGES } from './document-fields';
export { bookingGaps, bookingFill } from './booking-readiness';
export type { BookingGap, BookingGapKind, BookingDefaults } from './booking-readiness';
export type {
  DocumentType,
  PaymentMethod,
  DocumentBookingFields,
  BookingFieldName,
  ValidationKey,
  FieldIssue,
  ErpStatus,
  DocumentPatch,
  DocumentWorkState,
} from './document-fields';
export { PERSON_ACCOUNT_TYPES, CUSTOMER_ACCOUNT_RANGE, BOOK_KINDS } from './accounting';
export type { PersonAccountType, BookKind, PostalAddress, ExpenseAccount, CostCentre, Book, PersonAccount, CreatePersonAccountData } from './accounting';
export { AUDIT_EVENT_KINDS } from './audit';
export { PAGE_ROTATIONS, INTAKE_CHANNELS, pageRuns } from './editor';
export type { ScannerTarget, ScannerRecord, ScannerRefusalRecord, ScannerSettingsData, ScannerWithSecret, ScannerPatch } from './scanners';
export type {
  PageRotation,
  PageSource,
  PageRef,
  IntakeChannel,
  EditorDocumentKind,
  EditorDocumentStatus,
  DerivedDocument,
  LineageSource,
  DocumentLineage,
  EditorDocumentRecord,
  EditorAction,
  CreateEditorRevisionData,
  InboxDeliveryOutcome,
} from './editor';
export type {
  KnownAuditEventKind,
  FieldChange,
  AuditUser,
  AuditEntry,
  ChainStatus,
  DocumentHistory,
  DocumentAsOf,
  DocumentDiff,
  DocumentHistoryQuery,
} from './audit';
export type {
  ExportBatch,
  ExportBooking,
  PaymentQr,
  ExportFormat,
  ExportJobStatus,
  ExportDocumentResult,
  ExportJob,
  StoredExportJob,
  CreateExportData,
} from './exports';
export { EXPORT_FORMATS, EXPORT_JOB_STATUSES, exportOutcome } from './exports';
export type { ExportOutcome } from './exports';
export { AGEING_BUCKET_KEYS } from './open-items';
export type {
  OpenItemKind,
  OpenItemStatus,
  AgeingBucketKey,
  OpenItemPayment,
  OpenItemRecord,
  OpenItem,
  LateInterestInfo,
  AgeingTotals,
  OpenItemsPage,
  OpenItemPatch,
} from './open-items';
export { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_PROBLEM_TEXTS, passwordProblems } from './password-rules';
export type { PasswordProblem } from './password-rules';
export type { AccountView, DeviceView, AccountPatch, PersonalDetails, ProviderAction, SecurityKeyView } from './account';
export { REPORT_KINDS, REPORT_SECTIONS, REPORT_TERMS } from './reports';
export type {
  ReportKind,
  ReportSection,
  ReportTerm,
  VatCountry,
  ReportLine,
  VatRateRow,
  VatCodeAmount,
  VatProblem,
  VatReport,
  PartyVolume,
  PartiesReport,
  DurationStats,
  ProcessingReport,
  ExportJobLine,
  ExportsReport,
  ReportBody,
  ReportResult,
  ReportLineChange,
} from './reports';
export { SV_BOOKING_STATES } from './sv-tool';
export type {
  SvBookingStateCode,
  SvSepaMandate,
  SvPension,
  SvPartner,
  SvPowerOfAttorney,
  SvAccount,
  SvWarning,
  SvTransaction,
  SvInterestRate,
  SvPeriodFigures,
  SvAccountDetail,
  SvTransactionCreate,
  SvImportResult,
  SvImportError,
  SvImportProblem,
  SvAccountKind,
} from './sv-tool';
export { IDP_USER_SORT_FIELDS, IDP_USER_TEXTS, bulkEditConflicts } from './user-admin';
export type {
  IdpUser,
  IdpUserSortField,
  IdpUserQuery,
  IdpClientAccess,
  IdpUserCreate,
  IdpUserPatch,
  IdpUserWithPassword,
  IdpBulkEditRequest,
  IdpBulkEditRow,
  IdpBulkEditResult,
} from './user-admin';
export { CSV_DATE_FORMATS, csvDateParts, dayOfDateCell, monthOfName } from './csv-dates';
export type { CsvDateFormat, CsvDateParts } from './csv-dates';
export { BANK_ACCOUNT_TYPES, positionalColumns, PSD2_MAX_VALID_DAYS, DEFAULT_ACCESS_WARNING_DAYS, BANK_ACCESS_SOURCES, ACCESS_VALIDITIES } from './banking';
export type {
  BankAccountType,
  BankAccessSource,
  AccessValidity,
  StatementFormat,
  BankAccount,
  CsvMapping,
  BankAccess,
  TransactionStatus,
  MatchStatus,
  MatchAllocation,
  TransactionMatch,
  BankTransaction,
  ImportWarningKind,
  ImportWarning,
  ImportedStatement,
  BankImport,
  BalancePoint,
  BankBalanceSeries,
  BankOverviewRow,
  BankInstitution,
  MatchSuggestion,
  StatementPreview,
  StatementAccount,
  AccountReconciliation,
} from './banking';
export { VAT_CHECK_RESULTS, ADDRESS_TEXT_FIELDS, COMPANY_REGISTER_QUERY_MAX, ADDRESS_MESSAGES, normalizeVatId } from './addresses';
export type {
  VatCheckResult,
  VatCheck,
  AddressClientAccounts,
  AddressFields,
  AddressRecord,
  CreateAddressData,
  AddressPatch,
  AddressHistoryEntry,
  CompanyRegisterHit,
  AddressMessageKey,
} from './addresses';
export { RPA_ERROR_KINDS } from './rpa-errors';
export type { KnownRpaErrorKind, RpaErrorKind, RpaErrorStatus, RpaErrorRecord, StoredRpaErrorRecord, RpaErrorPatch } from './rpa-errors';
export {
  FON_ITEM_STATES,
  FON_CONFLICT_KINDS,
  FON_RETURN_TYPES,
  CASH_REGISTER_STATES,
  RKSV_STATUS_MAP,
  FON_USER_TYPES,
  FON_IMPORT_SOURCES,
  FON_MESSAGES,
} from './fon';
export type {
  FonItemState,
  FonConflictKind,
  FonReturnType,
  QuotaDeadline,
  QuotaWarning,
  QuotaFigures,
  QuotaSummary,
  FonQuotaItem,
  FonItemFacets,
  FonConflictStatus,
  FonConflict,
  CashRegisterState,
  CashRegister,
  FonUserType,
  FonUser,
  FonFirm,
  FonImportSource,
  FonImportStatus,
  FonImport,
  FonMessageKey,
} from './fon';
export { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } from './iban-tools';
export { EXPORT_REASON_KEYS, exportReasonParts } from './export-reasons';
export type { ExportReasonKey, ExportReasonPart } from './export-reasons';
export { exportReasonText, exportJobStatusKey, reportLineText } from './report-text';
export type { ReportSay } from './report-text';
export { DEFAULT_TIME_ZONE, dayIn, momentDays, startOfDayIn, isTimeZone, formatDateAs, formatMomentIn, zoneOffsetMinutes } from './moments';
export { accountTextMatches, statementAccountMatches } from './statement-account';
export { comparisonInTimeOrder } from './report-comparison';
export type { ComparisonMoment, ComparisonRow } from './report-comparison';
export { EINVOICE_REFERENCE_KINDS } from './einvoice-terms';
export type {
  EInvoiceTerms,
  EInvoiceReference,
  EInvoiceReferenceKind,
  EInvoiceDelivery,
  EInvoicePayment,
  EInvoiceAllowanceCharge,
  EInvoiceTotals,
  EInvoiceAttachmentInfo,
} from './einvoice-terms';
export { ISO_COUNTRIES, isIsoCountry } from './countries';
export type { IsoCountry } from './countries';
