export { exportJobDecider } from './export-job.decide';
export type { ExportJobCommand, RequestExport, CompleteExport, FailExport } from './export-job.decide';
export { exportJobStreamId, EXPORT_JOB_EVENT_TYPES } from './export-job.events';
export type { ExportJobEvent, ExportRequested, ExportCompleted, ExportFailed } from './export-job.events';
export type { ExportJobState } from './export-job.state';
export { documentsNamedByFailure, exportFailureReasonFor, HIDDEN_EXPORT_FAILURE } from './export-failure-reason';
export { isPayrollExport } from './payroll-export';
