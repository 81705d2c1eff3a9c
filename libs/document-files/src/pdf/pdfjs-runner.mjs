// Runs pdf.js outside the caller: pdfjs-dist is ESM-only (the server is CommonJS and Jest cannot import
// ESM), and a child process (or worker thread) gives crash isolation, a heap limit and a hard timeout.
// Input: workerData (thread) or, in a child process, each IPC message's `input`:
//   { data: Uint8Array, maxPages, maxOcrPages, minTextChars, dpi, maxPixels }.
// Output, one message per input (in a child process wrapped as { id, result, heapUsedMb }): { ok: true, pageCount, pages: [{ text, width, height, words, png?, renderError? }], attachments }
//                   or { ok: false, kind: 'password' | 'invalid' | 'unknown', message }.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

function itemsToLines(items) {
  const runs = items
    // pdf.js reports a wide gap as a separate whitespace item spanning it; the gap is measured between glyph runs instead.
    .filter((it) => typeof it.str === 'string' && it.str.trim().length > 0 && Array.isArray(it.transform))
    .map((it) => ({
      str: it.str,
      x: it.transform[4],
      y: it.transform[5],
      w: it.width ?? 0,
      h: Math.abs(it.height || it.transform[3] || 10),
    }));
  // Group runs into visual lines by baseline, then read each line left to right.
  runs.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines = [];
  for (const run of runs) {
    const line = lines.find((l) => Math.abs(l.y - run.y) <= Math.max(2, Math.min(l.h, run.h) * 0.4));
    if (line) line.runs.push(run);
    else lines.push({ y: run.y, h: run.h, runs: [run] });
  }
  lines.sort((a, b) => b.y - a.y);
  for (const line of lines) line.runs.sort((a, b) => a.x - b.x);
  return lines;
}

// The words of the text layer with their boxes in points, origin top left (for labels and learning).
// pdf.js gives runs of text; a run is split at spaces with widths in proportion to the characters.
function itemsToWords(items, viewport, Util) {
  const words = [];
  for (const it of items) {
    if (typeof it.str !== 'string' || it.str.trim() === '' || !Array.isArray(it.transform)) continue;
    const tx = Util.transform(viewport.transform, it.transform);
    const size = Math.hypot(tx[2], tx[3]) || it.height || 10;
    const width = it.width ?? 0;
    const perChar = it.str.length > 0 ? width / it.str.length : 0;
    const top = tx[5] - size * 0.8;
    const re = /\S+/g;
    let m;
    while ((m = re.exec(it.str))) {
      const x = tx[4] + m.index * perChar;
      words.push({ text: m[0], x: round2(x), y: round2(top), width: round2(m[0].length * perChar), height: round2(size) });
    }
  }
  return words;
}

const round2 = (n) => Math.round(n * 100) / 100;

function itemsToText(lines) {
  return lines
    .map((line) => {
      let out = '';
      let end = null;
      for (const run of line.runs) {
        if (end !== null) {
          const gap = run.x - end;
          // A wide gap separates table columns; keep it visible as a double space for the field rules.
          if (gap > run.h * 1.5) out += '   ';
          else if (gap > run.h * 0.15 && !out.endsWith(' ') && !run.str.startsWith(' ')) out += ' ';
        }
        out += run.str;
        end = run.x + run.w;
      }
      return out.replace(/\s+$/, '');
    })
    .filter((l) => l.trim().length > 0)
    .join('\n');
}

async function renderPage(page, dpi, maxPixels, canvasFactory) {
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = base.width * scale * base.height * scale;
  if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
  const viewport = page.getViewport({ scale });
  const { canvas, context } = canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  const png = await canvas.encode('png');
  canvasFactory.destroy({ canvas, context });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

let pdfjs;

async function run(input) {
  const { data, maxPages, maxOcrPages, minTextChars, dpi, maxPixels } = input;
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = path.join(pdfjsRoot, 'legacy/build/pdf.worker.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({
      data,
      standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
      cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
      cMapPacked: true,
      wasmUrl: path.join(pdfjsRoot, 'wasm') + path.sep,
      isEvalSupported: false,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    }).promise;
  } catch (err) {
    const name = err && err.name;
    const kind = name === 'PasswordException' ? 'password' : name === 'InvalidPDFException' ? 'invalid' : 'unknown';
    return { ok: false, kind, message: String((err && err.message) || err) };
  }

  const pageCount = doc.numPages;
  const pages = [];
  let rendered = 0;
  for (let n = 1; n <= Math.min(pageCount, maxPages); n++) {
    const entry = { text: '' };
    try {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const lines = itemsToLines(content.items);
      const viewport = page.getViewport({ scale: 1 });
      entry.width = round2(viewport.width);
      entry.height = round2(viewport.height);
      entry.words = itemsToWords(content.items, viewport, pdfjs.Util);
      entry.text = itemsToText(lines);
      if (entry.text.replace(/\s/g, '').length < minTextChars && rendered < maxOcrPages) {
        rendered++;
        entry.png = await renderPage(page, dpi, maxPixels, doc.canvasFactory);
      }
      page.cleanup();
    } catch (err) {
      entry.renderError = String((err && err.message) || err);
    }
    pages.push(entry);
  }

  const attachments = [];
  try {
    const found = (await doc.getAttachments()) || {};
    for (const [key, att] of Object.entries(found)) {
      if (att && att.content) attachments.push({ filename: att.filename || key, content: att.content });
    }
  } catch {
    // A damaged attachment tree must not hide the pages we could read.
  }
  await doc.destroy();
  return { ok: true, pageCount, pages, attachments };
}

const failure = (err) => ({ ok: false, kind: 'unknown', message: String((err && err.message) || err) });

if (parentPort) {
  run(workerData).then(
    (result) => {
      const transfer = [];
      if (result.ok) for (const p of result.pages) if (p.png) transfer.push(p.png.buffer);
      parentPort.postMessage(result, transfer);
    },
    (err) => parentPort.postMessage(failure(err)),
  );
} else if (process.send) {
  // A reader process serves one document after another (the parent keeps it warm, so pdf.js is loaded once):
  // each message is { id, input }, each reply { id, result, heapUsedMb }. It ends with its parent.
  process.on('message', ({ id, input }) => {
    run(input)
      .catch(failure)
      .then((result) => process.send({ id, result, heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20 }));
  });
  process.on('disconnect', () => process.exit(0));
}
