/** The part of a recorded event a report fold reads (the event store's RecordedEvent fits it). */
export interface LedgerEvent {
  type: string;
  data: Record<string, unknown>;
  streamId: string;
  position: number;
  metadata: { time: string; userId: string; clientNo: number | null; originCode?: number };
}
