import { SERVICE_EVENTS, type ServiceEvent } from '@portal/contracts';
import type { FeathersClient } from '../../api/feathers-client';
import { act } from '../act';

/** What a live store needs of the transport. */
export type LiveClient = Pick<FeathersClient, 'service' | 'on'>;

export type PushHandlers<T> = Partial<Record<ServiceEvent, (record: T) => void>>;

/**
 * The pushed events, reconnects, reactions and timers a store listens to while its view is open, stopped
 * together. Each pushed event is handled as a named MobX action (`ScannersStore.scanners patched`).
 */
export class Subscriptions {
  private stops: Array<() => void> = [];

  constructor(
    private readonly client: LiveClient,
    private readonly name: string,
  ) {}

  get active(): boolean {
    return this.stops.length > 0;
  }

  on<T>(path: string, handlers: PushHandlers<T>): this {
    const service = this.client.service<T>(path);
    for (const [event, handle] of Object.entries(handlers) as Array<[ServiceEvent, (record: T) => void]>) {
      this.stops.push(service.on(event, (record) => act(`${this.name}.${path} ${event}`, () => handle(record))));
    }
    return this;
  }

  /** Every pushed event of a service (created, updated, patched, removed) handled alike. */
  onAny<T>(path: string, handle: (record: T) => void): this {
    return this.on<T>(path, Object.fromEntries(SERVICE_EVENTS.map((event) => [event, handle])));
  }

  /** After a dropped connection is authenticated again: the events pushed meanwhile were lost. */
  onReconnect(handle: () => void): this {
    this.stops.push(this.client.on('reauthenticated', () => handle()));
    return this;
  }

  /** Anything else to stop with the view (a reaction, a timer, a socket listener). */
  add(...stops: Array<() => void>): this {
    this.stops.push(...stops);
    return this;
  }

  readonly stop = (): void => {
    const stops = this.stops;
    this.stops = [];
    stops.forEach((stop) => stop());
  };
}
