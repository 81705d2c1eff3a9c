/** A reader asked for batches after a position the feed has pruned already: what lay between is gone. */
export class FeedGap extends Error {
  constructor(
    readonly after: number | null,
    readonly prunedThrough: number,
  ) {
    super(`The change feed was pruned through position ${prunedThrough}; a reader at ${String(after)} missed batches`);
    this.name = 'FeedGap';
  }
}
