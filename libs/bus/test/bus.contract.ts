import { randomUUID } from 'node:crypto';
import type { Bus, BusMessage, BusSubscription } from '../src/bus.port';

export interface BusContractOptions {
  /** How long to wait for deliveries; real brokers need longer. */
  timeoutMs?: number;
  /** How long "nothing more arrives" is watched for. */
  quietMs?: number;
}

interface Numbered {
  n: number;
}

/**
 * The behaviour every Bus adapter must have. Topics and groups carry a random suffix, so the suite
 * runs against a shared broker.
 */
export function busContract(name: string, make: () => Promise<Bus>, options: BusContractOptions = {}): void {
  const timeoutMs = options.timeoutMs ?? 5000;
  const quietMs = options.quietMs ?? 200;

  describe(`${name} bus contract`, () => {
    let bus: Bus;
    let run: string;
    const subscriptions: BusSubscription[] = [];
    const topic = (label: string): string => `contract.${label}.${run}`;
    const group = (label: string): string => `contract-${label}-${run}`;

    async function listen(topicName: string, groupName: string, handler?: (message: BusMessage<Numbered>) => Promise<void> | void) {
      const received: Array<BusMessage<Numbered>> = [];
      const subscription = await bus.subscribe<Numbered>(topicName, groupName, async (message) => {
        received.push(message);
        await handler?.(message);
      });
      subscriptions.push(subscription);
      return { received, subscription };
    }

    const numbered = (from: number, count: number, key: (n: number) => string = (n) => `k${n}`) =>
      Array.from({ length: count }, (_, i) => ({ key: key(from + i), value: { n: from + i } }));

    beforeEach(async () => {
      bus = await make();
      run = randomUUID().slice(0, 8);
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.close()));
      await bus.close();
    });

    it('delivers every message to each group (fan-out), with topic, key and JSON value', async () => {
      const t = topic('fanout');
      const a = await listen(t, group('a'));
      const b = await listen(t, group('b'));
      await bus.publish(
        t,
        numbered(0, 10, () => 'same-key'),
      );
      await waitFor(() => a.received.length >= 10 && b.received.length >= 10, timeoutMs);
      await sleep(quietMs);
      for (const { received } of [a, b]) {
        expect(received.map((m) => m.value.n)).toEqual([...Array(10).keys()]);
        expect(received[0]).toEqual({ topic: t, key: 'same-key', value: { n: 0 } });
      }
    });

    it('shares the messages among the members of one group, each message to exactly one', async () => {
      const t = topic('shared');
      const g = group('workers');
      const first = await listen(t, g);
      const second = await listen(t, g);
      await bus.publish(t, numbered(0, 60));
      await waitFor(() => first.received.length + second.received.length >= 60, timeoutMs);
      await sleep(quietMs);
      const all = [...first.received, ...second.received].map((m) => m.value.n).sort((x, y) => x - y);
      expect(all).toEqual([...Array(60).keys()]);
      expect(first.received.length).toBeGreaterThan(0);
      expect(second.received.length).toBeGreaterThan(0);
    });

    it('keeps the order of the messages of one key, also when a group shares them', async () => {
      const t = topic('order');
      const g = group('ordered');
      const handled: Array<{ key: string; n: number }> = [];
      const slowly = async (message: BusMessage<Numbered>) => {
        handled.push({ key: message.key, n: message.value.n });
        await sleep(message.value.n % 3);
      };
      await listen(t, g, slowly);
      await listen(t, g, slowly);
      for (let batch = 0; batch < 5; batch++)
        await bus.publish(
          t,
          numbered(batch * 20, 20, (n) => `key-${n % 4}`),
        );
      await waitFor(() => handled.length >= 100, timeoutMs);
      for (let k = 0; k < 4; k++) {
        const ofKey = handled.filter((h) => h.key === `key-${k}`).map((h) => h.n);
        expect(ofKey).toEqual([...Array(25).keys()].map((i) => i * 4 + k));
      }
    });

    it('does not deliver messages published before the subscription (live only)', async () => {
      const t = topic('live');
      const early = await listen(t, group('early'));
      await bus.publish(t, numbered(0, 3));
      await waitFor(() => early.received.length >= 3, timeoutMs);
      const late = await listen(t, group('late'));
      await bus.publish(t, numbered(3, 2));
      await waitFor(() => late.received.length >= 2 && early.received.length >= 5, timeoutMs);
      await sleep(quietMs);
      expect(late.received.map((m) => m.value.n)).toEqual([3, 4]);
    });

    it('stops delivering to a closed subscription while others go on', async () => {
      const t = topic('close');
      const closing = await listen(t, group('closing'));
      const staying = await listen(t, group('staying'));
      await bus.publish(t, numbered(0, 2));
      await waitFor(() => closing.received.length >= 2 && staying.received.length >= 2, timeoutMs);
      await closing.subscription.close();
      await bus.publish(t, numbered(2, 3));
      await waitFor(() => staying.received.length >= 5, timeoutMs);
      await sleep(quietMs);
      expect(closing.received.map((m) => m.value.n)).toEqual([0, 1]);
    });

    it('does not count a message whose handler threw as handled: it comes again, then the rest in order', async () => {
      const t = topic('throws');
      let failures = 0;
      const failing = await listen(t, group('failing'), (message) => {
        if (message.value.n === 2 && failures++ === 0) throw new Error('handler failed once');
      });
      const healthy = await listen(t, group('healthy'));
      await bus.publish(
        t,
        numbered(0, 5, () => 'one-key'),
      );
      await waitFor(() => failing.received.length >= 6 && healthy.received.length >= 5, timeoutMs);
      await sleep(quietMs);
      expect(failing.received.map((m) => m.value.n)).toEqual([0, 1, 2, 2, 3, 4]);
      expect(healthy.received.map((m) => m.value.n)).toEqual([0, 1, 2, 3, 4]);
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await sleep(5);
  }
}
