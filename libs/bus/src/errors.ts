import type { BusMessage } from './bus.port';

/** Told about a handler that threw (delivery goes on) or a transport failure. */
export type BusErrorHandler = (error: unknown, message?: BusMessage<unknown>) => void;
