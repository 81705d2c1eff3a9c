export { AuditTimeline } from './AuditTimeline';
export type { AuditTimelineProps } from './AuditTimeline';
export { ChainStatusTag } from './ChainStatusTag';
