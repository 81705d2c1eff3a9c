import { join } from 'node:path';
import { cacheControlOf } from './web-static';

describe('cacheControlOf', () => {
  const dist = join('/srv', 'web', 'dist');

  it('keeps a file the build named by its content for a year without asking again', () => {
    expect(cacheControlOf(dist, join(dist, 'assets', 'index-CEqLYR8g.js'))).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf(dist, join(dist, 'assets', 'documents-C4-OScGP.css'))).toBe('public, max-age=31536000, immutable');
  });

  it('asks for a page every time and keeps other files an hour', () => {
    expect(cacheControlOf(dist, join(dist, 'index.html'))).toBe('no-cache');
    expect(cacheControlOf(dist, join(dist, 'silent-check-sso.html'))).toBe('no-cache');
    expect(cacheControlOf(dist, join(dist, 'silent-check-sso.js'))).toBe('public, max-age=3600');
    expect(cacheControlOf(dist, join(dist, 'assets-old', 'x.js'))).toBe('public, max-age=3600');
  });
});
