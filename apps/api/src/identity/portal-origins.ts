/** Host names that all mean "this machine": a portal on one of them answers on the others too. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins browsers may use for this portal: PUBLIC_URL's origin, plus its loopback siblings on the same
 * scheme and port when PUBLIC_URL is a loopback address. Any other host needs PUBLIC_URL set to it.
 */
export function portalOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const sibling = new URL(url.origin);
    sibling.hostname = host;
    return sibling.origin;
  });
}

/** True when a request's Host header names one of the portal's origins. */
export function isPortalHost(publicUrl: string, hostHeader: string | undefined): boolean {
  if (!hostHeader) return true;
  const scheme = new URL(publicUrl).protocol;
  if (!URL.canParse(`${scheme}//${hostHeader}`)) return false;
  const origin = new URL(`${scheme}//${hostHeader}`).origin;
  return portalOrigins(publicUrl).includes(origin);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a browser on another address sees instead of a login that fails with invalid_redirect_uri. */
export function misdirectedPage(publicUrl: string, hostHeader: string): string {
  const origin = new URL(publicUrl).origin;
  const scheme = new URL(publicUrl).protocol;
  const asked = `${scheme}//${hostHeader}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Open the portal at its address</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1c2127}code{background:#eef;padding:0 .25rem}</style></head>
<body><h1>This portal answers at ${escape(origin)}</h1>
<p>You opened it at <code>${escape(asked)}</code>. Sign-in only works at the address the portal was started for.</p>
<p>Open <a href="${escape(origin)}/">${escape(origin)}</a>, or set the variable <code>PUBLIC_URL=${escape(asked)}</code> and restart the portal.</p>
<hr><p lang="de">Dieses Portal ist unter <a href="${escape(origin)}/">${escape(origin)}</a> erreichbar. Für eine andere Adresse die Variable <code>PUBLIC_URL=${escape(asked)}</code> setzen und das Portal neu starten.</p>
</body></html>`;
}
