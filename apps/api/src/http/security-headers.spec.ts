import type { AddressInfo } from 'node:net';
import express from 'express';
import { securityHeaders } from './security-headers';

/** The headers of GET `path` from an app with only the portal's security headers in front. */
async function headersOf(publicUrl: string, path = '/'): Promise<Headers> {
  const app = express();
  app.use(securityHeaders({ publicUrl, identityOrigin: null, providerPath: '/oidc' }));
  app.get(/.*/, (_req, res) => res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('turn on HSTS for a year with subdomains when PUBLIC_URL is https, on the app and the provider pages', async () => {
    for (const path of ['/', '/api/bootstrap', '/oidc/auth']) {
      expect((await headersOf('https://portal.kanzlei.example', path)).get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('send no HSTS over plain http, where a browser would pin a scheme the portal does not speak', async () => {
    expect((await headersOf('http://localhost:3030')).get('strict-transport-security')).toBeNull();
  });

  it('let the app open its socket only to its own https origin (wss)', async () => {
    const csp = (await headersOf('https://portal.kanzlei.example')).get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' wss://portal.kanzlei.example");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
