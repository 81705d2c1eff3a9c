import { busContract } from '../../test/bus.contract';
import type { BusMessage } from '../bus.port';
import { InProcessBus } from './in-process-bus';

busContract('in-process', async () => new InProcessBus());

const tick = () => new Promise((resolve) => setImmediate(resolve));
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await tick();
}

describe('InProcessBus specifics', () => {
  it('runs no handler inside publish', async () => {
    const bus = new InProcessBus();
    const received: unknown[] = [];
    await bus.subscribe('t', 'g', (message) => void received.push(message.value));
    await bus.publish('t', [{ key: 'k', value: 1 }]);
    expect(received).toEqual([]);
    await settle();
    expect(received).toEqual([1]);
    await bus.close();
  });

  it('reports a throwing handler through onError with the message, each of its deliveries', async () => {
    const errors: Array<{ error: unknown; message?: BusMessage<unknown> }> = [];
    const bus = new InProcessBus({ onError: (error, message) => errors.push({ error, message }) });
    await bus.subscribe('t', 'g', () => {
      throw new Error('boom');
    });
    await bus.publish('t', [{ key: 'k', value: { a: 1 } }]);
    // The retries are spaced in time: wait for them (a loaded machine takes longer), then for any further one.
    for (const deadline = Date.now() + 10_000; errors.length < 3 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(errors).toHaveLength(3);
    expect((errors[0].error as Error).message).toBe('boom');
    expect(errors[0].message).toEqual({ topic: 't', key: 'k', value: { a: 1 } });
    await bus.close();
  });

  it('rotates keys round-robin over the members of a group', async () => {
    const bus = new InProcessBus();
    const byMember: string[][] = [[], [], []];
    for (const list of byMember) await bus.subscribe<string>('t', 'g', (message) => void list.push(message.key));
    await bus.publish(
      't',
      ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({ key, value: key })),
    );
    await settle();
    expect(byMember).toEqual([
      ['a', 'd'],
      ['b', 'e'],
      ['c', 'f'],
    ]);
    await bus.close();
  });

  it('hands the unhandled messages of a closed member to the rest of its group, in order', async () => {
    const bus = new InProcessBus();
    const handled: Array<[string, number]> = [];
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const leaving = await bus.subscribe<number>('t', 'g', async (message) => {
      handled.push(['leaving', message.value]);
      await blocked;
    });
    await bus.subscribe<number>('t', 'g', (message) => void handled.push(['staying', message.value]));
    await bus.publish(
      't',
      [0, 1, 2].map((n) => ({ key: 'one-key', value: n })),
    );
    await settle();
    const closed = leaving.close();
    await bus.publish('t', [{ key: 'one-key', value: 3 }]);
    await settle();
    expect(handled).toEqual([['leaving', 0]]);
    release();
    await closed;
    await settle();
    expect(handled).toEqual([
      ['leaving', 0],
      ['staying', 1],
      ['staying', 2],
      ['staying', 3],
    ]);
    await bus.close();
  });

  it('gives each group its own copy of the value', async () => {
    const bus = new InProcessBus();
    const values: Array<{ list: number[] }> = [];
    await bus.subscribe<{ list: number[] }>('t', 'a', (message) => void message.value.list.push(99));
    await bus.subscribe<{ list: number[] }>('t', 'b', (message) => void values.push(message.value));
    const value = { list: [1] };
    await bus.publish('t', [{ key: 'k', value }]);
    await settle();
    expect(values).toEqual([{ list: [1] }]);
    expect(value).toEqual({ list: [1] });
    await bus.close();
  });

  it('refuses to publish after close', async () => {
    const bus = new InProcessBus();
    await bus.close();
    await expect(bus.publish('t', [{ key: 'k', value: 1 }])).rejects.toThrow('closed');
  });
});
