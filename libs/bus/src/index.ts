export type { Bus, BusMessage, BusSubscription } from './bus.port';
