import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Socket } from 'socket.io-client';
import { authenticateRaw, call, connected, rawSocket } from '../harness/clients';
import { sleep, startPortal, type PortalProc } from '../harness/proc';
import { reportCounts } from './report';

/**
 * Fault test 7: hostile uploads (oversize, wrong magic bytes, PDF bombs, a 20,000 x 20,000 image,
 * path traversal and odd file names) each get a clear error - a 4xx with a Feathers error, or the
 * document flagged with a clear `problem` - nothing lands outside the blob store, stored names are
 * sanitised, and the worker still extracts a normal PDF afterwards.
 */
jest.setTimeout(150_000);

const MAX_BYTES = 2 * 1024 * 1024;
const CLIENT = 1001;
let portal: PortalProc;
let socket: Socket;
let token: string;
const results: Array<{ name: string; ok: boolean; detail: string }> = [];

interface FileOutcome {
  fileName: string;
  ok: boolean;
  documentId?: number;
  error?: { name: string; code: number; message: string };
}
interface UploadAnswer {
  status: number;
  body: { files?: FileOutcome[]; name?: string; message?: string; code?: number; className?: string };
}

/** A multipart body written by hand, so file names go on the wire byte for byte (control characters, backslashes). */
async function upload(files: Array<{ name: string; bytes: Buffer }>, query = `client=${CLIENT}&category=ER_U`): Promise<UploadAnswer> {
  const boundary = `----fault${Date.now()}${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    const name = f.name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        'utf8',
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await fetch(`${portal.url}/api/documents/upload?${query}`, {
    method: 'POST',
    body: Buffer.concat(parts),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  });
  const text = await res.text();
  let body: UploadAnswer['body'];
  try {
    body = JSON.parse(text) as UploadAnswer['body'];
  } catch {
    body = { message: `not JSON: ${text.slice(0, 200)}` };
  }
  return { status: res.status, body };
}

async function smallPdf(line: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(line, { x: 50, y: 780, size: 12, font });
  page.drawText('Rechnung Nr. RE-4711 Gesamtbetrag 120,00 EUR', { x: 50, y: 760, size: 12, font });
  return Buffer.from(await pdf.save());
}

/** 10,000 tiny pages with a word each (~1.9 MB with pdf-lib's object streams). */
async function tenThousandPages(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 10_000; i++) pdf.addPage([20, 20]).drawText(`p${i}`, { x: 1, y: 5, size: 4, font });
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}

/** A hand-written PDF whose catalog holds dictionaries and arrays nested `depth` levels deep, with a correct xref. */
function deeplyNestedPdf(depth: number): Buffer {
  const half = Math.floor(depth / 2);
  const deep = `${'<< /A ['.repeat(half)}1${'] >>'.repeat(half)}`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /Deep ${deep} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 100 Td (Deep nesting) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose IHDR declares width x height (RGB, 8 bit) followed by a small IDAT: a decompression bomb's header. */
function hugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4)); // four rows of zeros; the rest is missing
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOI, APP0 JFIF, DQT, SOF0 of width x height, 3 components) and EOI, without scan data. */
function hugeJpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x11,
    0x00,
    0x02,
    0x11,
    0x00,
    0x03,
    0x11,
    0x00,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dqt, sof, Buffer.from([0xff, 0xd9])]);
}

interface DocumentView {
  id: number;
  file_name: string;
  title: string;
  extraction: string;
  invalid: boolean;
  problem: string | null;
}

async function documentOf(id: number): Promise<DocumentView> {
  const [error, doc] = await call(socket, 'get', ['documents', id, {}]);
  if (error) throw new Error(`get documents ${id}: ${error.name} ${error.message}`);
  return doc as DocumentView;
}

/** Waits until the worker has finished with the document (extraction no longer pending). */
async function processed(id: number, ms = 90_000): Promise<DocumentView> {
  const deadline = Date.now() + ms;
  for (;;) {
    const doc = await documentOf(id);
    if (doc.extraction !== 'pending') return doc;
    if (Date.now() > deadline) throw new Error(`document ${id} still pending after ${ms} ms`);
    await sleep(250);
  }
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(portal.dataDir, path));
    }
  };
  walk(dir);
  return out;
}

const record = (name: string, ok: boolean, detail: string) => {
  results.push({ name, ok, detail });
  return ok;
};
const isFeathersError = (b: UploadAnswer['body']) =>
  typeof b.name === 'string' && typeof b.message === 'string' && typeof b.code === 'number' && typeof b.className === 'string';
const cleanName = (n: string) => n.length > 0 && n.length <= 200 && !/[\\/\u0000-\u001f\u007f]/.test(n) && !n.startsWith('.');

let filesBefore: string[] = [];
const TRAVERSAL_TARGETS = [join(tmpdir(), '..', 'etc', 'passwd.pdf'), join(tmpdir(), 'x.pdf'), join(tmpdir(), 'passwd.pdf'), '/etc/passwd.pdf'];
const existedBefore = new Map(TRAVERSAL_TARGETS.map((p) => [p, existsSync(p)]));

let tenThousandPagesPdf: Buffer;

beforeAll(async () => {
  // Built before the socket connects: pdf-lib holds this process's loop for 8 s (25 s and more beside CI's other
  // suites), and a connected socket that cannot answer the server's ping for 20 s is dropped for good.
  tenThousandPagesPdf = await tenThousandPages();
  portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0', PORTAL_MAX_UPLOAD_BYTES: String(MAX_BYTES) } });
  token = await portal.token('client1');
  socket = rawSocket(portal.url);
  await connected(socket);
  await authenticateRaw(socket, token);
  filesBefore = listFiles(portal.dataDir);
});

afterAll(async () => {
  socket?.close();
  const passed = results.filter((r) => r.ok).length;
  reportCounts('uploads', { tried: results.length, passed, cases: Object.fromEntries(results.map((r) => [r.name, `${r.ok ? 'ok' : 'FAILED'}: ${r.detail}`])) });
  await portal?.stop();
});

describe('uploads', () => {
  it('refuses a file above PORTAL_MAX_UPLOAD_BYTES with a Feathers BadRequest', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const res = await upload([{ name: 'big.pdf', bytes }]);
    const ok = record(
      'oversize 3 MB (limit 2 MB)',
      res.status === 400 && isFeathersError(res.body) && res.body.name === 'BadRequest' && /larger than 2 MB/.test(res.body.message ?? ''),
      `${res.status} ${res.body.name} "${res.body.message}"`,
    );
    expect(ok).toBe(true);
  });

  it.each([
    [
      'an .exe named .pdf',
      'invoice.pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(2000, 0x41)]),
    ],
    ['an HTML page named .pdf', 'rechnung.pdf', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script>Rechnung</body></html>')],
    ['an SVG named .png', 'scan.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['an empty file', 'empty.pdf', Buffer.alloc(0)],
    ['a ZIP named .xml', 'x-rechnung.xml', Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1')],
  ])('refuses %s with a clear BadRequest', async (name, fileName, bytes) => {
    const res = await upload([{ name: fileName, bytes }]);
    const e = res.body.files?.[0]?.error;
    const ok = record(
      `wrong magic bytes: ${name}`,
      res.status === 400 && e?.name === 'BadRequest' && e.code === 400 && /empty|not a PDF/.test(e.message),
      `${res.status} ${e?.name} "${e?.message}"`,
    );
    expect(ok).toBe(true);
  });

  const accepted: Array<{ name: string; id: number; expect: (doc: DocumentView) => boolean }> = [];

  it('accepts the bombs, then flags each with a clear problem (or reads it), never hanging the worker', async () => {
    const bombs: Array<{ name: string; fileName: string; bytes: Buffer; expect: (doc: DocumentView) => boolean }> = [
      {
        name: 'PDF with 10,000 pages',
        fileName: 'tausend-seiten.pdf',
        bytes: tenThousandPagesPdf,
        expect: (d) => d.invalid && /10000 pages|10,000 pages/.test(d.problem ?? ''),
      },
      {
        name: 'PDF nested 100,000 levels deep',
        fileName: 'deep.pdf',
        bytes: deeplyNestedPdf(100_000),
        expect: (d) => (d.invalid && (d.problem ?? '').length > 10) || (!d.invalid && d.extraction === 'done'),
      },
      {
        name: 'PNG declaring 20,000 x 20,000 pixels',
        fileName: 'huge.png',
        bytes: hugePng(20_000, 20_000),
        expect: (d) => d.invalid && /too large|damaged/.test(d.problem ?? ''),
      },
      {
        name: 'JPEG declaring 20,000 x 20,000 pixels',
        fileName: 'huge.jpg',
        bytes: hugeJpeg(20_000, 20_000),
        expect: (d) => d.invalid && /too large|damaged/.test(d.problem ?? ''),
      },
    ];
    for (const bomb of bombs) {
      const res = await upload([{ name: bomb.fileName, bytes: bomb.bytes }]);
      const outcome = res.body.files?.[0];
      if (res.status === 201 && outcome?.ok && outcome.documentId) accepted.push({ name: bomb.name, id: outcome.documentId, expect: bomb.expect });
      else {
        // Refusing a bomb at the door is as good, if it is a clear 4xx Feathers error.
        const e = outcome?.error ?? res.body;
        record(
          bomb.name,
          res.status >= 400 && res.status < 500 && typeof e.message === 'string',
          `refused at upload (${(bomb.bytes.length / 1024).toFixed(0)} KiB): ${res.status} ${e.name} "${e.message}"`,
        );
      }
    }
    for (const a of accepted) {
      const t0 = Date.now();
      const doc = await processed(a.id);
      record(
        a.name,
        a.expect(doc),
        `${doc.extraction}, ${doc.invalid ? 'invalid' : 'valid'}, problem "${doc.problem}" (${((Date.now() - t0) / 1000).toFixed(1)} s after the previous)`,
      );
    }
    expect(results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.detail}`)).toEqual([]);
  });

  it('strips paths, control characters and excess length from file names; writes nothing outside the blob store', async () => {
    const names: Array<[string, string]> = [
      ['path traversal ../../etc/passwd.pdf', '../../etc/passwd.pdf'],
      ['path traversal ..\\..\\x.pdf', '..\\..\\x.pdf'],
      ['absolute path /tmp/passwd.pdf', '/tmp/passwd.pdf'],
      // raw control characters are not allowed in a MIME header: busboy refuses the part (400)
      ['raw control characters in the part header', 'Rech\u0001nung\u0007\u001b[31m\u0000.pdf'],
      // the same characters percent-encoded (as browsers send them) arrive decoded and must be stripped
      ['percent-encoded control characters', 'Rech%01nung%07%1B[31m%00%7F.pdf'],
      ['a tab and a newline', 'Rech\tnung\n2026.pdf'],
      ['1,000 characters', `${'a'.repeat(996)}.pdf`],
      ['only dots', '....'],
      ['unicode and quotes', 'Rechnung "Müller" 😀 <b>.pdf'],
    ];
    for (const [i, [name, fileName]] of names.entries()) {
      const res = await upload([{ name: fileName, bytes: await smallPdf(`Dateiname ${i} ${name}`) }]);
      const outcome = res.body.files?.[0];
      if (res.status !== 201 || !outcome?.ok || !outcome.documentId) {
        record(`file name: ${name}`, res.status >= 400 && res.status < 500, `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        continue;
      }
      const doc = await documentOf(outcome.documentId);
      record(
        `file name: ${name}`,
        cleanName(doc.file_name) && cleanName(outcome.fileName) && doc.file_name === outcome.fileName,
        `stored "${doc.file_name.length > 40 ? `${doc.file_name.slice(0, 20)}...(${doc.file_name.length} chars)` : doc.file_name}", title "${doc.title.slice(0, 40)}"`,
      );
    }
    // A refused request's temporary files are removed right after its answer: give that sweep a moment.
    const strayFiles = () =>
      listFiles(portal.dataDir).filter((f) => !filesBefore.includes(f) && !f.startsWith('blobs/') && !/\.sqlite(-wal|-shm|-journal)?$/.test(f));
    for (let waited = 0; strayFiles().length > 0 && waited < 3_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    const after = listFiles(portal.dataDir);
    const stray = strayFiles();
    const outside = TRAVERSAL_TARGETS.filter((p) => existsSync(p) && !existedBefore.get(p));
    record(
      'no stray files (data dir outside blobs/, traversal targets)',
      stray.length === 0 && outside.length === 0,
      `${after.length - filesBefore.length} new files, all under blobs/ or SQLite files; stray ${JSON.stringify(stray)}; outside ${JSON.stringify(outside)}`,
    );
    expect(results.filter((r) => !r.ok).map((r) => `${r.name}: ${r.detail}`)).toEqual([]);
  });

  it('still serves afterwards: a normal PDF uploaded last is extracted within 60 s', async () => {
    const t0 = Date.now();
    const res = await upload([{ name: 'normal.pdf', bytes: await smallPdf(`Normale Rechnung ${Date.now()}`) }]);
    const id = res.body.files?.[0]?.documentId;
    let detail = `${res.status}`;
    let ok = false;
    if (res.status === 201 && id) {
      const doc = await processed(id, 60_000).catch((e: Error) => ({ extraction: e.message }) as DocumentView);
      const health = await fetch(`${portal.url}/health`);
      ok = doc.extraction === 'done' && !doc.invalid && health.ok;
      detail = `extraction ${doc.extraction} in ${((Date.now() - t0) / 1000).toFixed(1)} s, invalid ${String(doc.invalid)}, health ${health.status}, server RSS ${((portal.rss() ?? 0) / 1048576).toFixed(0)} MiB`;
    }
    record('worker still serving (normal PDF last)', ok, detail);
    expect(ok).toBe(true);
    expect(statSync(portal.dataDir).isDirectory()).toBe(true);
  });
});
