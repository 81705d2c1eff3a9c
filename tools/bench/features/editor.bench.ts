import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { authenticateRaw, call, connected, rawSocket } from '../../harness/clients';
import { ROOT, startPortal, type PortalProc } from '../../harness/proc';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES = 100;
/** In the page (the bench compiles without the DOM library). */
declare const document: { querySelectorAll(selector: string): { length: number } };

/** A 100-page PDF with a text layer: a short invoice-like page each, numbered, `tag` making the bytes unique. */
export async function hundredPagePdf(tag: string): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i++) {
    const page = pdf.addPage([595, 842]);
    const lines = [
      `Rechnung ${tag}-${Math.ceil(i / 2)}`,
      `Seite ${i} von ${PAGES}`,
      'Bergblick Druckerei GmbH, Hauptstraße 12, 6020 Innsbruck',
      'Gesamtbetrag: 120,00 EUR',
      'IBAN: AT61 1904 3002 3457 3201',
    ];
    lines.forEach((line, k) => page.drawText(line, { x: 56, y: 780 - k * 18, size: 12, font }));
  }
  return Buffer.from(await pdf.save());
}

async function toInbox(portal: PortalProc, username: string, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${portal.url}/api/document-editor/upload?client=1001`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await portal.token(username)}` },
  });
  const body = (await res.json()) as { files?: { ok: boolean; editorDocumentId?: number; error?: { message: string } }[] };
  const outcome = body.files?.[0];
  if (!outcome?.ok) throw new Error(`upload to the inbox failed: ${outcome?.error?.message ?? res.status}`);
  return outcome.editorDocumentId!;
}

/** Thumbnails of a 100-page PDF in Chromium: from opening the editor until the first 12 thumbnails are drawn. */
async function thumbnails(portal: PortalProc, itemId: number, options: Options): Promise<Figure> {
  const name = 'document editor: thumbnails of a 100-page PDF, time to first 12 visible';
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html')) || !existsSync(CHROMIUM))
    return { item: 12, name, unit: 'ms', runs: [], dataset: '-', pending: 'apps/web/dist or Chromium missing' };
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const runs: number[] = [];
  try {
    for (let r = 0; r < options.runs; r++) {
      // A fresh context per run: no cached file, no rendered thumbnails.
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      const page = await context.newPage();
      await page.goto(`${portal.url}/document-editor/1001`);
      await page.locator('input[name="username"]').fill('client1');
      await page.locator('input[name="password"]').fill('client1');
      await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
      await page.getByTestId('editor-inbox').waitFor({ timeout: 120_000 });
      const t0 = Date.now();
      await page.goto(`${portal.url}/document-editor/1001/${itemId}`);
      await page.waitForFunction(() => document.querySelectorAll('.portal-page-cell [data-rendered="true"]').length >= 12, undefined, {
        timeout: 120_000,
        polling: 20,
      });
      runs.push(Date.now() - t0);
      options.log(`thumbnails run ${r + 1}: ${runs[r]} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    item: 12,
    name,
    unit: 'ms',
    runs,
    dataset: `${PAGES}-page text PDF (one inbox item of 1001), Chromium headless, viewport 1600x1000, fresh browser context per run`,
    note: 'page.goto of /document-editor/1001/<id> until 12 thumbnails are drawn (app start, socket login, file fetch, pdf.js)',
  };
}

/** Split of a 100-page PDF into 50 documents: the split call, then completing the 50 drafts (assembly on the server). */
async function split(portal: PortalProc, options: Options): Promise<Figure[]> {
  const splitMs: number[] = [];
  const completeMs: number[] = [];
  const socket = rawSocket(portal.url);
  await connected(socket);
  await authenticateRaw(socket, await portal.token('client1'));
  try {
    for (let r = 0; r < options.runs; r++) {
      const id = await toInbox(portal, 'client1', await hundredPagePdf(`S${r}-${Date.now()}`), `split-${r}.pdf`);
      await call(socket, 'patch', ['editor-document', id, { action: 'move', category: 'ER_U' }, {}]);
      const parts = Array.from({ length: PAGES / 2 }, (_, i) => ({ positions: [2 * i, 2 * i + 1] }));
      const t0 = performance.now();
      const [error] = await call(socket, 'patch', ['editor-document', id, { action: 'split', parts }, {}], 300_000);
      if (error) throw new Error(`split: ${error.message}`);
      splitMs.push(performance.now() - t0);
      const [, found] = await call(socket, 'find', ['editor-document', { from_id: id, status: 'inbox', $limit: 100 }]);
      const drafts = (found as { data: { id: number }[] }).data;
      if (drafts.length !== PAGES / 2) throw new Error(`expected ${PAGES / 2} drafts, found ${drafts.length}`);
      const t1 = performance.now();
      for (const draft of drafts) {
        const [failed] = await call(socket, 'patch', ['editor-document', draft.id, { action: 'completeDocument' }, {}], 300_000);
        if (failed) throw new Error(`complete: ${failed.message}`);
      }
      completeMs.push(performance.now() - t1);
      options.log(`split run ${r + 1}: split ${splitMs[r]!.toFixed(0)} ms, 50 completions ${completeMs[r]!.toFixed(0)} ms`);
    }
  } finally {
    socket.close();
  }
  const dataset = `${PAGES}-page text PDF in the inbox of 1001, cut into ${PAGES / 2} two-page documents; one Feathers peer (client1), embedded adapters`;
  return [
    {
      item: 12,
      name: 'document editor: split a 100-page PDF into 50 documents (split call)',
      unit: 'ms',
      runs: splitMs,
      dataset,
      note: 'patch split with 50 parts until the reply: the split event, 50 drafts, read models caught up',
    },
    {
      item: 12,
      name: 'document editor: complete the 50 documents (assembly, storage, documents)',
      unit: 'ms',
      runs: completeMs,
      dataset,
      note: '50 sequential completeDocument calls: each assembles its PDF from the source pages, stores it and records the document',
    },
  ];
}

export const editorBenchItem: FeatureBenchItem = {
  name: 'editor',
  async run(options) {
    const portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0' }, timeoutMs: 300_000 });
    try {
      const itemId = await toInbox(portal, 'client1', await hundredPagePdf(`T${Date.now()}`), 'thumbnails.pdf');
      return [await thumbnails(portal, itemId, options), ...(await split(portal, options))];
    } finally {
      await portal.stop('SIGTERM');
    }
  },
};
