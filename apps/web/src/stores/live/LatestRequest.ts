/**
 * The newest request wins. Each request takes a turn, and its answer is applied only while that turn is the
 * newest: once the filter changed, another client was chosen or the view was left, the answer still on its
 * way is stale and dropped.
 */
export class LatestRequest {
  private turn = 0;

  /** Starts a request; the check answers whether it is still the newest. */
  next(): () => boolean {
    const turn = ++this.turn;
    return () => turn === this.turn;
  }

  /** Continues the newest request (its next page): stale as soon as a new request starts. */
  same(): () => boolean {
    const turn = this.turn;
    return () => turn === this.turn;
  }

  /** Every answer on its way becomes stale. */
  cancel(): void {
    this.turn++;
  }
}
