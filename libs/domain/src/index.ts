export type { Decider, DecisionContext, DomainEvent } from './shared/decider';
export { DomainError, conflict, invalid, notFound } from './shared/domain-error';
export type { DomainErrorKind } from './shared/domain-error';

export { companyDecider } from './company/company.decide';
export { companyStreamId, DEFAULT_COMPANY_SETTINGS } from './company/company.events';
export type { CompanyEvent, CompanySettingsValues } from './company/company.events';
export type { CompanyCommand } from './company/company.commands';
export type { CompanyState } from './company/company.state';

export { userDecider } from './user/user.decide';
export type { UserCommand } from './user/user.decide';
export { userStreamId } from './user/user.events';
export type { UserEvent, UserProfile } from './user/user.events';
export type { UserState } from './user/user.state';

export { catalogDecider, CATALOG_STREAM_ID, DEFAULT_DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_CODES } from './catalog/catalog';
export type { CatalogEvent, CategoryDefinition, DefineDocumentCategories } from './catalog/catalog';

export { portalDecider, PORTAL_STREAM_ID } from './portal/portal';
export type { PortalSettings, PortalConfigured, ConfigurePortal } from './portal/portal';

export { documentDecider, titleOf } from './document/document.decide';
export type { DocumentCommand, UploadDocument, RecordExtraction } from './document/document.decide';
export { documentStreamId, FILING_CATEGORIES, TRASH_RETENTION_DAYS } from './document/document.events';
export type { DocumentEvent, FilingCategory } from './document/document.events';
export type { DocumentState } from './document/document.state';
