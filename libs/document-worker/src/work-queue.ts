/** Who is waiting for a document's reading: a person who just uploaded it, or nobody in particular (bulk intake). */
export type WorkPriority = 'person' | 'bulk';

/**
 * The extraction's waiting line: documents a person uploaded (or asked to read again) go ahead of bulk intake
 * (demo documents, office scanners, recovered work); within a lane, first come first served.
 */
export class PriorityWorkQueue<T> {
  private readonly lanes: Record<WorkPriority, T[]> = { person: [], bulk: [] };

  push(item: T, priority: WorkPriority): void {
    this.lanes[priority].push(item);
  }

  /** The next item to work on: the oldest of people's, else the oldest of bulk intake. */
  shift(): T | undefined {
    return this.lanes.person.shift() ?? this.lanes.bulk.shift();
  }

  /** Everything waiting, in the order it will be worked on. */
  get waiting(): Array<{ item: T; priority: WorkPriority }> {
    return [
      ...this.lanes.person.map((item) => ({ item, priority: 'person' as const })),
      ...this.lanes.bulk.map((item) => ({ item, priority: 'bulk' as const })),
    ];
  }

  /** Empties the line and answers what was in it. */
  clear(): T[] {
    return [...this.lanes.person.splice(0), ...this.lanes.bulk.splice(0)];
  }

  get size(): number {
    return this.lanes.person.length + this.lanes.bulk.length;
  }
}

/** Seconds until a document at `position` (1 = next) starts and finishes, from the recent average time per document. */
export function queueEstimateSeconds(position: number, averageMs: number, oneRunning: boolean): number {
  return Math.max(1, Math.round(((position + (oneRunning ? 0.5 : 0)) * averageMs) / 1000));
}
