export type { Decider, DecisionContext, DomainEvent } from './shared/decider';
export { domainEventOf } from './shared/decider';
export { DomainError, conflict, invalid, notFound, forbidden } from './shared/domain-error';
export { deepFreeze } from './shared/deep-freeze';
export type { DomainErrorKind } from './shared/domain-error';

export { companyDecider } from './company/company.decide';
export { companyStreamId, DEFAULT_COMPANY_SETTINGS } from './company/company.events';
export { settingsIssues, countryDefaults, sameSetting } from './company/company-settings.rules';
export type { CompanyEvent, CompanySettingsValues } from './company/company.events';
export type { CompanyCommand } from './company/company.commands';
export type { CompanyState } from './company/company.state';

export { userDecider, checkUserProfile, checkEmail, checkPhone, checkClientAccess, normalizeAccess } from './user/user.decide';
export type { UserCommand } from './user/user.decide';
export { userStreamId, USER_EVENT_TYPES } from './user/user.events';
export type { UserEvent, UserProfile, PasswordChangeReason, LoginFailureReason, ClientAccess } from './user/user.events';
export { usernameDecider, usernameStreamId, claimantOf } from './user/username';
export type { UsernameClaimed, UsernameReleased } from './user/username';
export type { UserState, UserAccountState } from './user/user.state';
export { userPreferencesDecider, userPreferencesStreamId, USER_PREFERENCES_EVENT_TYPES } from './user/user-preferences';
export type { UserPreferencesEvent, LocalePreferenceChosen, ChooseLocale } from './user/user-preferences';
export { checkUserAdmin, userAdminVerdict, withinClients, GUARDED_PERMISSIONS, USER_ADMIN_TEXTS } from './user/user-admin-rules';
export type { AdminActor, UserAccess, UserAdminAction } from './user/user-admin-rules';
export { planBulkEdit } from './user/bulk-edit';
export type { BulkEdit, BulkUser, BulkPlanRow } from './user/bulk-edit';

export { catalogDecider, CATALOG_STREAM_ID, DEFAULT_DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_CODES } from './catalog/catalog';
export type { CatalogEvent, CategoryDefinition, DefineDocumentCategories } from './catalog/catalog';

export { portalDecider, PORTAL_STREAM_ID } from './portal/portal';
export type { PortalSettings, PortalConfigured, ConfigurePortal } from './portal/portal';

export { documentDecider, titleOf } from './document/document.decide';
export type { DocumentCommand, UploadDocument, RecordExtraction, EditDocumentFields, RecordErpStatus, ReviseDocumentPages, RetryExtraction, LabelDocumentField, UndoLabel, MarkPayroll, RecordEInvoiceValidation } from './document/document.decide';
export { MIN_CONFIRM_REASON, MAX_CONFIRM_REASON } from './document/document.einvoice';
export { LABEL_BOOKING_FIELD, normalizeLabelValue } from './document/document.labels';
export { documentStreamId, FILING_CATEGORIES, TRASH_RETENTION_DAYS } from './document/document.events';
export type { DocumentEvent, DocumentEInvoiceValidated, FilingCategory, FieldChange, FieldChanges, LearnedFields } from './document/document.events';
export type { DocumentState } from './document/document.state';
export { EMPTY_BOOKING_FIELDS, mergeExtracted, extractionOrigins } from './document/document.fields';
export { validateBookingFields, blockingIssues } from './document/document.validation';
export { flagsAfterErp, evolveDocument, initialDocumentState } from './document/document.state';

export { accountingDecider } from './accounting/accounting.decide';
export { accountingStreamId, ACCOUNTING_EVENT_TYPES } from './accounting/accounting.events';
export type { AccountingEvent } from './accounting/accounting.events';
export type { AccountingCommand, CreatePersonAccount, DefineBook, DefineCostCentre, DefineExpenseAccount } from './accounting/accounting.commands';
export type { AccountingState } from './accounting/accounting.state';
export { isValidIban, isSixDigits, normalizeIban, personAccountTypeOf } from './accounting/account-rules';
export { composeIBAN, electronicFormatIBAN, isValidBIC, isValidIBAN } from './shared/iban-tools';

export { exportJobDecider, exportJobStreamId, EXPORT_JOB_EVENT_TYPES } from './export-job';
export type { ExportJobCommand, ExportJobEvent, ExportJobState, RequestExport, CompleteExport, FailExport } from './export-job';

export * from './open-item';
export * from './reporting';
export { responsibilityDecider, responsibilityStreamId, RESPONSIBILITY_EVENT_TYPES } from './responsibility/responsibility';
export type { StaffRef, ResponsibilityEvent, ResponsibilityAssigned, AssignResponsibility } from './responsibility/responsibility';
export * from './sv-account';
export { editorDocumentDecider, assertCompletable, EDITOR_MESSAGES } from './editor-document/editor-document.decide';
export type {
  EditorDocumentCommand,
  ReceiveEditorDocument,
  DraftEditorDocument,
  ArrangeEditorPages,
  AddEditorPages,
  SplitEditorDocument,
  MergeEditorDocuments,
  MoveEditorDocument,
  CompleteEditorDocument,
} from './editor-document/editor-document.decide';
export { editorDocumentStreamId, EDITOR_DOCUMENT_EVENT_TYPES, EDITOR_MAX_PAGES } from './editor-document/editor-document.events';
export type { EditorDocumentEvent, EditorSnapshot } from './editor-document/editor-document.events';
export { evolveEditorDocument, lastUndoable } from './editor-document/editor-document.state';
export type { EditorDocumentState, ExistingEditorDocument, UndoEntry } from './editor-document/editor-document.state';

export { scannerDecider, checkedSettings } from './scanner/scanner.decide';
export type { ScannerCommand, ScannerState } from './scanner/scanner.decide';
export { scannerStreamId, SCANNER_EVENT_TYPES, SCANNER_ID } from './scanner/scanner.events';
export type { ScannerEvent, ScannerSettings, ScannerTarget } from './scanner/scanner.events';
export * from './banking';

export {
  addressDecider,
  addressStreamId,
  ADDRESS_EVENT_TYPES,
  EMPTY_ADDRESS_FIELDS,
  normalizeVatId,
  normalizeAddressFields,
  normalizeAccounts,
  rpaDatabaseDecider,
  RPA_DATABASE_STREAM_ID,
  RPA_EVENT_TYPES,
} from './address';
export type { AddressCommand, AddressEvent, AddressFieldChanges, AddressFieldName, AddressState, RecordVatCheck, RpaCommand, RpaEvent, RpaState, RpaEntry } from './address';

export { rpaErrorDecider, rpaErrorStreamId, RPA_ERROR_EVENT_TYPES } from './rpa-error/rpa-error';
export type { RpaErrorCommand, RpaErrorEvent, ResolveRpaError, RequestRpaRetry } from './rpa-error/rpa-error';

export type { SealedSecret } from './shared/sealed-secret';
export { isSealedSecret } from './shared/sealed-secret';
export { firmDecider, firmStreamId, FIRM_EVENT_TYPES, checkFirmValues } from './firm/firm';
export type { FirmCommand, FirmEvent, FirmValues } from './firm/firm';
export * from './fon';
export * from './learning';
