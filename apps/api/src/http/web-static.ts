import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { isPortalHost, misdirectedPage } from '../identity/portal-origins';

const NOT_WEB = /^\/(api|oidc|socket\.io|health|upload|download)(\/|$)/;

/**
 * Serves the built web client, with index.html for every client-side route. Issue 9.15: a page asked for on a
 * loopback sibling of PUBLIC_URL moves to PUBLIC_URL; on any other address it gets a page naming the address
 * to use and the variable to set.
 */
export function serveWeb(app: Express, webDist: string, publicUrl?: string): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || NOT_WEB.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const host = req.get('host');
    if (publicUrl && host && !isPortalHost(publicUrl, host)) {
      res.status(421).type('html').send(misdirectedPage(publicUrl, host));
      return;
    }
    // A loopback sibling (127.0.0.1 for localhost): the page moves to the public origin, where sign-in,
    // tokens and cookies live (a cross-origin token request with credentials is refused by browsers).
    if (publicUrl && host && new URL(publicUrl).host !== host) {
      res.redirect(302, `${new URL(publicUrl).origin}${req.originalUrl}`);
      return;
    }
    res.sendFile(index);
  });
  return true;
}
