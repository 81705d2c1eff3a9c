import type { BusMessage } from '../bus.port';
import type { SerialQueue } from './serial-queue';

interface KeyOwner {
  member: SerialQueue;
  pending: number;
}

/**
 * The subscribers of one group on one topic. A key is handed to the next member round-robin and
 * stays with it while that member still has messages of the key to handle, so the messages of a key
 * are handled in order, one at a time; an idle key moves on with the rotation.
 */
export class ConsumerGroup {
  private readonly members: SerialQueue[] = [];
  private readonly owners = new Map<string, KeyOwner>();
  private next = 0;

  get size(): number {
    return this.members.length;
  }

  add(member: SerialQueue): void {
    this.members.push(member);
  }

  /** With no member left, the message is dropped: delivery is live only. */
  dispatch(message: BusMessage<unknown>): void {
    let owner = this.owners.get(message.key);
    if (!owner) {
      if (this.members.length === 0) return;
      owner = { member: this.members[this.next++ % this.members.length], pending: 0 };
      this.owners.set(message.key, owner);
    }
    const current = owner;
    current.pending += 1;
    current.member.push({
      message,
      done: () => {
        current.pending -= 1;
        if (current.pending === 0 && this.owners.get(message.key) === current) this.owners.delete(message.key);
      },
    });
  }

  /** Waits for the member's running handler, then hands its unhandled messages to the others, in order. */
  async remove(member: SerialQueue): Promise<void> {
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
    // Until stop() returns, messages of keys it owns keep queueing behind its running handler.
    const leftover = await member.stop();
    for (const [key, owner] of this.owners) if (owner.member === member) this.owners.delete(key);
    for (const item of leftover) this.dispatch(item.message);
  }
}
