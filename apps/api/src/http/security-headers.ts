import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** keycloak-js's silent check-sso page (apps/web/public). */
export const SILENT_CHECK_SSO_PATH = '/silent-check-sso.html';

export interface SecurityHeadersOptions {
  /** The origin browsers use (PUBLIC_URL); https turns on HSTS. */
  publicUrl: string;
  /** Keycloak's origin when OIDC_ISSUER is set: keycloak-js talks to it, frames its session check and posts its logout form. */
  identityOrigin: string | null;
  /** Path of the embedded provider ('/oidc'): its pages set their own, stricter policy. */
  providerPath: string | null;
}

/** The Content-Security-Policy of the web app (also sent with API answers). */
export function appContentSecurityPolicy(options: SecurityHeadersOptions): Record<string, string[]> {
  const origin = new URL(options.publicUrl);
  const socket = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  const identity = options.identityOrigin ? [options.identityOrigin] : [];
  return {
    'default-src': ["'self'"],
    // pdf.js may instantiate WebAssembly decoders (JPEG 2000); no inline or eval'd script.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    // Blueprint and React set inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socket, ...identity],
    // pdf.js runs its parser in a worker.
    'worker-src': ["'self'", 'blob:'],
    // keycloak-js's silent check-sso (same origin with the embedded provider) and Keycloak's session iframes.
    'frame-src': ["'self'", ...identity],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...identity],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Hardened responses for everything the portal serves: a CSP that keeps foreign scripts away from the
 * token in local storage (spec §3: feathers-jwt), no framing by other sites, nosniff, no referrer, and
 * HSTS when the portal is reached over https. The embedded provider's pages set their own policy.
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const common = {
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
    crossOriginEmbedderPolicy: false,
  };
  const directives = appContentSecurityPolicy(options);
  const app = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives } });
  // keycloak-js loads this page in a hidden iframe of the app itself: framing by the same origin only.
  const silentCheck = helmet({
    ...common,
    xFrameOptions: { action: 'sameorigin' },
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'frame-ancestors': ["'self'"] } },
  });
  const provider = helmet({ ...common, contentSecurityPolicy: false, crossOriginOpenerPolicy: false });
  const providerPrefix = options.providerPath ? `${options.providerPath}/` : null;
  return (req, res, next) => {
    if (providerPrefix && (req.path.startsWith(providerPrefix) || req.path === options.providerPath)) return provider(req, res, next);
    if (req.path === SILENT_CHECK_SSO_PATH) return silentCheck(req, res, next);
    return app(req, res, next);
  };
}
