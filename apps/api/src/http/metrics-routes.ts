import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PortalMetrics } from '../platform/metrics';

/** A route label of bounded cardinality: the first path segment (two under /api), never ids. */
export function routeLabel(path: string): string {
  const [first = '', second = ''] = path.split('/').filter((p) => p !== '');
  if (first === 'api') return second === '' ? '/api' : `/api/${second}`;
  if (['oidc', 'socket.io', 'health', 'metrics', 'assets'].includes(first)) return `/${first}`;
  return 'web';
}

/** Observes every HTTP request's latency when its response ends. */
export function httpMetrics(metrics: PortalMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.on('finish', () => metrics.httpRequest(req.method, routeLabel(req.path), res.statusCode, (performance.now() - started) / 1000));
    next();
  };
}

export interface MetricsAccess {
  /** PORTAL_METRICS_TOKEN: scrapers send it as a bearer token. */
  token: string | null;
  /** Without a token: served to anyone (development) or not at all (production). */
  open: boolean;
}

/**
 * `GET /metrics` in Prometheus text format: with a token only with that bearer token; without one open
 * in development and absent (404) in production, where the figures would tell strangers about the firm.
 */
export function metricsEndpoint(metrics: PortalMetrics, { token, open }: MetricsAccess): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path !== '/metrics') return next();
    if (!token && !open)
      return void res.status(404).json({ name: 'NotFound', message: 'Set PORTAL_METRICS_TOKEN to scrape /metrics.', code: 404, className: 'not-found' });
    if (token) {
      const given = Buffer.from(req.headers.authorization ?? '');
      const wanted = Buffer.from(`Bearer ${token}`);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return void res.status(401).set('WWW-Authenticate', 'Bearer').end();
    }
    metrics.text().then(
      (text) => res.type(metrics.contentType).send(text),
      (error: unknown) => next(error),
    );
  };
}
