export { Projector, checkpointName } from './runtime/projector';
export type { ProjectorOptions } from './runtime/projector';
export { LiveProjector } from './runtime/live-projector';
export type { LiveProjectorOptions } from './runtime/live-projector';
export { replayInto } from './runtime/replay';
export type { ReplayReport, ReplayOptions, ProjectionCost } from './runtime/replay';
export type { Projection, ProjectionView, TextReader, ChangeIntent } from './runtime/projection';
export {
  ALL_PROJECTIONS,
  openItemsProjection,
  SNAPSHOT_EVERY,
  reportLedgerProjection,
  ledgerFromFacts,
  rpaErrorsProjectionOf,
  fonQuotaProjection,
  fonAdminProjection,
} from './projections';
export type { FailureSource, FailureOutcome } from './projections';
export { liveLedger, ledgerAsOf } from './reporting';
export type { AsOf } from './reporting';
