import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { isPortalHost, misdirectedPage } from '../identity/portal-origins';

const NOT_WEB = /^\/(api|oidc|socket\.io|health|upload|download|metrics)(\/|$)/;
export const BOOTSTRAP_ELEMENT_ID = 'portal-bootstrap';

/** JSON that is safe inside a `<script>` element: no `</script>`, no HTML comment, no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with the bootstrap config inlined as a data block (not executed, so no script-src exception):
 * the client starts without a round trip to `/api/bootstrap`.
 */
export function indexWithBootstrap(html: string, bootstrap: unknown): string {
  const block = `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${scriptSafeJson(bootstrap)}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
}

/**
 * How long a browser keeps a file of the web client: the build names every file under assets/ by its content, so
 * such a file never changes and is kept for a year without asking again (a deep link opened the next morning
 * needs no round trip per script); pages are asked for every time, other files kept an hour.
 */
export function cacheControlOf(webDist: string, path: string): string {
  if (path.endsWith('.html')) return 'no-cache';
  if (relative(webDist, path).split(sep)[0] === 'assets') return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built web client, with index.html (bootstrap inlined) for every client-side route. a page asked for on a
 * loopback sibling of PUBLIC_URL moves to PUBLIC_URL; on any other address it gets a page naming the address
 * to use and the variable to set.
 */
export function serveWeb(app: Express, webDist: string, publicUrl?: string, bootstrap?: unknown): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  // Read again after a new build (the asset names change), otherwise served from memory.
  let cached = { mtimeMs: -1, html: '' };
  const page = () => {
    const { mtimeMs } = statSync(index);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: indexWithBootstrap(readFileSync(index, 'utf8'), bootstrap) };
    return cached.html;
  };
  app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: (res, path) => res.setHeader('Cache-Control', cacheControlOf(webDist, path)) }));
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
    if (bootstrap === undefined) return res.sendFile(index);
    res.type('html').send(page());
  });
  return true;
}
