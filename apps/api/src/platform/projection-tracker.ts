import { FeedTracker } from '@portal/read-store';

/**
 * Follows the projector's progress through the read store's change feed, so a command's reply can wait until
 * the read models include its events (read your writes), and the gateway pushes every change, in one process or
 * across many.
 */
export class ProjectionTracker extends FeedTracker {}
