export { Projector } from './runtime/projector';
export { replayInto } from './runtime/replay';
export type { ReplayReport } from './runtime/replay';
export type { ProjectorOptions } from './runtime/projector';
export { READ_MODEL_TOPIC } from './runtime/projection';
export type { Projection, ProjectionView, TextReader, ChangeIntent, ReadModelBatch, ReadModelChange } from './runtime/projection';
export { ALL_PROJECTIONS, COMPANIES, COMPANY_SETTINGS, ACC_PERIODS, USERS, DOCUMENT_CATEGORIES, PORTAL_CONFIG, DOCUMENTS } from './projections';
export { ACC_EXPENSE_ACCOUNTS, ACC_COST_CENTRES, ACC_BOOKS, ACC_PERSON_ACCOUNTS, EXPORT_JOBS } from './projections';
