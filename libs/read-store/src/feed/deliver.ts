import type { FollowOptions, LoadedFeedBatch } from '../read-store.port';

const RETRY_MS = 500;
/** A handler that keeps failing on one batch is skipped after this many tries (unless told otherwise): one lost push, not a stalled portal. */
export const MAX_HANDLER_TRIES = 3;

/** Hands a batch to the follower's handler; a throw is reported and the batch tried again after a pause, up to `maxTries`. */
export async function deliver(options: FollowOptions, batch: LoadedFeedBatch, pause: (ms: number) => Promise<unknown>, closed: () => boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await options.onBatch(batch);
      return;
    } catch (error) {
      options.onError?.(error);
      if (attempt >= (options.maxTries ?? MAX_HANDLER_TRIES) || closed()) return;
      await pause(RETRY_MS);
    }
  }
}
