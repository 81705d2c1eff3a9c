import { busContract } from '../../test/bus.contract';
import { KafkaBus } from './kafka-bus';

const brokers = process.env['KAFKA_BROKERS'];
jest.setTimeout(120_000);

if (brokers) {
  busContract('Kafka', async () => KafkaBus.connect({ brokers: brokers.split(',').map((b) => b.trim()), clientId: 'bus-contract' }), {
    timeoutMs: 30_000,
    quietMs: 1000,
  });
} else {
  describe.skip('Kafka bus contract (skipped: set KAFKA_BROKERS to run the Kafka bus contract)', () => {
    it('runs the contract against a broker', () => undefined);
  });
}
