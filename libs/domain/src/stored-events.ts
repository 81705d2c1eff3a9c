import type { DomainEvent } from './shared/decider';
import { UPCASTERS, type StoredEvent } from './upcasters';

/**
 * A stored event read back as the domain event it is. The store keeps `type` and `data` as the decider returned
 * them, so a reader that took the event by its type (a projection's `handles`, one aggregate's stream) reads it
 * as that aggregate's event union; an event of an older shape is read through its type's upcaster (`UPCASTERS`).
 */
export function domainEventOf<Event extends DomainEvent>(stored: StoredEvent): Event {
  const upcast = UPCASTERS.get(stored.type);
  return (upcast ? upcast(stored) : stored) as unknown as Event;
}

/** A stored stream read back as one aggregate's domain events (see `domainEventOf`), copied only where an event was upcast. */
export function domainEventsOf<Event extends DomainEvent>(stored: readonly StoredEvent[]): readonly Event[] {
  let read: StoredEvent[] | undefined;
  for (let i = 0; i < stored.length; i++) {
    const event = domainEventOf(stored[i]!) as unknown as StoredEvent;
    if (read) read.push(event);
    else if (event !== stored[i]) read = [...stored.slice(0, i), event];
  }
  return (read ?? stored) as unknown as readonly Event[];
}
