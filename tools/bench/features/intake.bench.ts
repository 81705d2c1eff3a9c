import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure } from '../items';
import { authenticateRaw, call, connected, rawSocket } from '../../harness/clients';
import { sleep, startPortal } from '../../harness/proc';

const FILES = 100;

async function scanPdf(n: number, tag: string): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= 2; p++) pdf.addPage([595, 842]).drawText(`Scan ${tag} ${n} Seite ${p}`, { x: 56, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** Intake throughput: 100 two-page PDFs dropped at once into a scanner's watched folder, until all are in the inbox. */
export const intakeBenchItem: FeatureBenchItem = {
  name: 'intake',
  async run(options) {
    const portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0', SCAN_FOLDER_POLL_MS: '250', SCAN_FOLDER_STABLE_MS: '500' }, timeoutMs: 300_000 });
    const socket = rawSocket(portal.url);
    const perMinute: number[] = [];
    try {
      await connected(socket);
      await authenticateRaw(socket, await portal.token('admin'));
      const [error, scanner] = await call(socket, 'create', ['scanners', { name: 'Bench Ordner', client_no: 1001 }, {}]);
      if (error) throw new Error(`scanner: ${error.message}`);
      const id = (scanner as { id: string }).id;
      const folder = join(portal.dataDir, 'consume', id);
      for (let i = 0; i < 100 && !(await readdir(folder).catch(() => [] as string[])).includes('processed'); i++) await sleep(100);
      for (let r = 0; r < options.runs; r++) {
        const files = await Promise.all(Array.from({ length: FILES }, (_, i) => scanPdf(i, `${r}-${Date.now()}`)));
        const before = (await readdir(join(folder, 'processed'))).length;
        const t0 = performance.now();
        await Promise.all(files.map((bytes, i) => writeFile(join(folder, `scan-${r}-${String(i).padStart(3, '0')}.pdf`), bytes)));
        for (;;) {
          const done = (await readdir(join(folder, 'processed'))).length - before;
          const failed = (await readdir(join(folder, 'failed'))).length;
          if (failed > 0) throw new Error(`${failed} files failed`);
          if (done >= FILES) break;
          if (performance.now() - t0 > 600_000) throw new Error(`only ${done} of ${FILES} files taken in 10 minutes`);
          await sleep(100);
        }
        const ms = performance.now() - t0;
        perMinute.push((FILES / ms) * 60_000);
        options.log(`intake run ${r + 1}: ${FILES} files in ${(ms / 1000).toFixed(1)} s (${perMinute[r]!.toFixed(0)} files/min)`);
      }
    } finally {
      socket.close();
      await portal.stop('SIGTERM');
    }
    const figure: Figure = {
      item: 13,
      name: 'scanner intake: 100 PDFs through the watched folder',
      unit: 'files/min',
      runs: perMinute,
      dataset: `${FILES} two-page PDFs written at once into consume/<scanner>/ (poll 250 ms, stable after 500 ms), delivered into the inbox of 1001, moved to processed/`,
      note: 'from the first write until all are in processed/ (each taken once when complete, checked, stored with its page file, recorded)',
    };
    return [figure];
  },
};
