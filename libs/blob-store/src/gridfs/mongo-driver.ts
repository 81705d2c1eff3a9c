import type * as MongoDb from 'mongodb';

let driver: typeof MongoDb | undefined;

/**
 * The MongoDB client library, required on first use: the embedded default never loads its ~130 modules, which every
 * start of the api, the projector and the command-line tools paid before (measured: ~0.2 s of CPU each).
 */
export function mongoDriver(): typeof MongoDb {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, not at start-up
  return (driver ??= require('mongodb') as typeof MongoDb);
}
