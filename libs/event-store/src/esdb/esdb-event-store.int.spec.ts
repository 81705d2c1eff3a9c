import { eventStoreContract } from '../../test/event-store.contract';
import { EsdbEventStore } from './esdb-event-store';

const url = process.env['EVENTSTORE_URL'];
jest.setTimeout(120_000);

if (url) {
  eventStoreContract('EventStoreDB', async () => EsdbEventStore.connect(url));
} else {
  describe.skip('EventStoreDB event store contract (skipped: set EVENTSTORE_URL to run the EventStoreDB contract)', () => {
    it('runs the contract against a server', () => undefined);
  });
}
