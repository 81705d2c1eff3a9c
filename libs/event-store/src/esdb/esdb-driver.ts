import type * as EsdbClientLib from '@eventstore/db-client';

let driver: typeof EsdbClientLib | undefined;

/**
 * The EventStoreDB client library, required on first use: the embedded default never loads its ~170 (with gRPC) modules, which every
 * start of the api, the projector and the command-line tools paid before (measured: ~0.2 s of CPU each).
 */
export function esdbDriver(): typeof EsdbClientLib {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, not at start-up
  return (driver ??= require('@eventstore/db-client') as typeof EsdbClientLib);
}
