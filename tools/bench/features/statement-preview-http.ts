import { composeIBAN } from '@portal/domain';
import { procCpuMs, startPortal } from '../../harness/proc';

/** One preview as the import dialog asks for it: wall time from the first byte sent to the answer, and the CPU it cost. */
export interface HttpPreviewRun {
  ms: number;
  /** The portal process, all its threads (the upload, the reading worker). */
  portalCpuMs: number | null;
  /** This process: building and sending the multipart body (a browser's work in the product). */
  clientCpuMs: number;
  entries: number;
}

/** The statement file's account as an IBAN of the demo client's bank, so the preview names an account it could go to. */
const withAccount = (camt: string) => camt.replace('AT611904300234573201', composeIBAN({ countryCode: 'AT', bban: `19043${'20'.padStart(11, '0')}` })!);

/**
 * Previews of a camt.053 through a built portal, as the dialog sends them: `POST /api/banking/statements?preview=1`
 * with the file as multipart, an administrator's token (the upload to disk, the reading in the worker, the answer).
 * The first run starts the portal's reading worker (as the first preview after a minute without one does), since
 * 2026-12-01 once the upload is authorized, while its body arrives.
 */
export async function previewsThroughThePortal(camt: string, repeats: number, log: (line: string) => void): Promise<HttpPreviewRun[]> {
  const bytes = Buffer.from(withAccount(camt));
  const portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0' }, timeoutMs: 300_000 });
  try {
    const token = await portal.token('admin');
    const runs: HttpPreviewRun[] = [];
    for (let r = 0; r < repeats; r++) {
      const portalBefore = procCpuMs(portal.pid);
      const clientBefore = process.cpuUsage();
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'statement.xml');
      const res = await fetch(`${portal.url}/api/banking/statements?client=1001&preview=1`, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { entries?: number; message?: string };
      const ms = performance.now() - started;
      const client = process.cpuUsage(clientBefore);
      const portalAfter = procCpuMs(portal.pid);
      if (res.status !== 200 || !body.entries) throw new Error(`preview through the portal answered ${res.status}: ${body.message ?? JSON.stringify(body)}`);
      const run = {
        ms: Math.round(ms),
        portalCpuMs: portalBefore === null || portalAfter === null ? null : portalAfter - portalBefore,
        clientCpuMs: Math.round((client.user + client.system) / 1000),
        entries: body.entries,
      };
      log(
        `  statements: preview through the portal of ${(bytes.length / 1_048_576).toFixed(1)} MiB camt (${run.entries} entries): ${run.ms} ms (CPU portal ${run.portalCpuMs ?? '?'} ms, client ${run.clientCpuMs} ms)`,
      );
      runs.push(run);
    }
    return runs;
  } finally {
    await portal.stop();
  }
}
