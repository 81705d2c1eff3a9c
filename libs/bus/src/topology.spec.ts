import { checkTopology, type Topology } from './topology';

const roles = (api: boolean, projector: boolean, ocrWorker: boolean): Topology['roles'] => ({ api, projector, ocrWorker });

describe('start-up topology check', () => {
  it('refuses an api whose projector runs elsewhere when no bus and no change feed joins them, naming the way out', () => {
    expect(() => checkTopology({ roles: roles(true, false, false), bus: 'in-process', changeFeed: false })).toThrow(
      /PORTAL_ROLE=api cannot push.*in-process.*change feed/,
    );
    expect(() => checkTopology({ roles: roles(true, false, false), bus: 'Kafka', changeFeed: false })).toThrow(/cannot push/);
  });

  it('lets an api follow the read store’s change feed whatever the bus', () => {
    expect(checkTopology({ roles: roles(true, false, true), bus: 'in-process', changeFeed: true })).toEqual([
      "Pushes and read-your-writes follow the read store's change feed (the projector runs elsewhere).",
      'The ocr-worker runs in this api process: the in-process bus reaches no other process.',
    ]);
    expect(checkTopology({ roles: roles(true, true, true), bus: 'in-process', changeFeed: false })).toEqual([]);
  });

  it('refuses an ocr-worker process on a bus no api hears, and a process running no app', () => {
    expect(() => checkTopology({ roles: roles(false, false, true), bus: 'in-process', changeFeed: true })).toThrow(/never handed a document.*KAFKA_BROKERS/);
    expect(checkTopology({ roles: roles(false, false, true), bus: 'Kafka', changeFeed: true })).toEqual([]);
    expect(() => checkTopology({ roles: roles(false, false, false), bus: 'Kafka', changeFeed: true })).toThrow(/runs no app/);
  });
});
