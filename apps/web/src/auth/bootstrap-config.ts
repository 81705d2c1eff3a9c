import type { BootstrapConfig } from '@portal/contracts';

/** The element id the server inlines the bootstrap config under (apps/api/src/http/web-static.ts). */
export const BOOTSTRAP_ELEMENT_ID = 'portal-bootstrap';

/** The bootstrap config inlined in index.html by the server, or fetched when the page came from elsewhere (Vite dev). */
export async function loadBootstrap(doc: Pick<Document, 'getElementById'> = document, fetcher: typeof fetch = fetch): Promise<BootstrapConfig> {
  const inline = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (inline) return JSON.parse(inline) as BootstrapConfig;
  const response = await fetcher('/api/bootstrap', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/bootstrap: ${response.status}`);
  return (await response.json()) as BootstrapConfig;
}
