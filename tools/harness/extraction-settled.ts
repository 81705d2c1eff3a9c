/** A gauge's value in the portal's Prometheus text (0 when the portal does not report it). */
const gauge = (metrics: string, name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(metrics)?.[1] ?? '0');

/**
 * Waits until the portal at `url` has projected everything and its OCR worker has nothing queued or running, on
 * three reads a second apart (a document the projector has not handed over yet is not queued either).
 */
export async function extractionSettled(url: string, ms = 300_000): Promise<void> {
  let quietReads = 0;
  for (const deadline = Date.now() + ms; quietReads < 3; await new Promise((r) => setTimeout(r, 1_000))) {
    if (Date.now() > deadline) throw new Error(`the demo documents were not read within ${ms} ms`);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const busy = ['portal_extraction_queue', 'portal_extraction_running', 'portal_projector_lag_events'].some((name) => gauge(metrics, name) > 0);
    quietReads = busy ? 0 : quietReads + 1;
  }
}
