import type { Figure, Options } from '../items';
import { emmettPeer } from './emmett';
import { feathersPeer } from './feathers';
import { postgresPeer } from './postgres';
import { ocrPeer } from './tesseract';

/** The side-by-side comparisons of `npm run bench -- --peers[=emmett,feathers,tesseract,postgres]`. */
export const PEERS: Record<string, (options: Options) => Promise<Figure[]>> = {
  emmett: emmettPeer,
  feathers: feathersPeer,
  tesseract: ocrPeer,
  postgres: postgresPeer,
};
