/** The official Feathers v5 client as a protocol peer in tests: the one the bench and fault suites use too. */
export { connectFeathers } from '../bench/clients';
export type { FeathersPeer } from '../bench/clients';
