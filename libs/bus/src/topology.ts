/** Which apps one process runs, what joins it to the others, and whether the read store keeps a change feed. */
export interface Topology {
  roles: { api: boolean; projector: boolean; ocrWorker: boolean };
  /** `in-process`: a bus no other process hears. */
  bus: 'in-process' | 'Kafka' | string;
  /** The read store keeps a durable change feed other processes can follow. */
  changeFeed: boolean;
}

/**
 * Refuses, with the reason and the way out, a process whose work could never reach the others: an api that
 * would never learn of read-model changes it did not project itself (no push, every reply waiting its full
 * time), or an ocr-worker that would never be handed a document. Returns the notes worth logging.
 */
export function checkTopology(topology: Topology): string[] {
  const { roles, bus, changeFeed } = topology;
  const alone = bus === 'in-process';
  if (!roles.api && !roles.projector && !roles.ocrWorker) throw new Error('This process runs no app: set PORTAL_ROLE to all, api, projector or ocr-worker.');
  if (roles.api && !roles.projector && !changeFeed) {
    throw new Error(
      alone
        ? 'PORTAL_ROLE=api cannot push: the projector runs in another process, the bus is in-process (no other process hears it) and the read store keeps no change feed. Use a read store with a change feed (SQLite or MongoDB), run PORTAL_ROLE=all, or set KAFKA_BROKERS.'
        : 'PORTAL_ROLE=api cannot push: the read store keeps no change feed to follow. Use a read store with a change feed (SQLite or MongoDB), or run PORTAL_ROLE=all.',
    );
  }
  if (roles.ocrWorker && !roles.api && alone) {
    throw new Error(
      'An ocr-worker on an in-process bus is never handed a document: the api publishes uploads on its own bus. Set KAFKA_BROKERS, or let the api run the worker (PORTAL_ROLE=api or all).',
    );
  }
  const notes: string[] = [];
  if (roles.api && !roles.projector) notes.push("Pushes and read-your-writes follow the read store's change feed (the projector runs elsewhere).");
  if (roles.api && roles.ocrWorker && !roles.projector && alone)
    notes.push('The ocr-worker runs in this api process: the in-process bus reaches no other process.');
  return notes;
}
