import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectResponsive, healthWhile, idleHealth, PortalSession } from '@portal/tools';

jest.setTimeout(300_000);

const session = PortalSession.start();
const MB20 = 20 * 1024 * 1024;

/** A real PDF of 20 MB: one page of text and an attachment of random bytes (nothing for a compressor to shrink). */
async function pdfOf20Mb(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Rechnung RE-2026-20MB · Anlagen im Anhang', { x: 50, y: 780, size: 11, font: await pdf.embedFont(StandardFonts.Helvetica) });
  await pdf.attach(randomBytes(MB20), 'anlagen.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
}

describe('document upload (POST /api/documents/upload) of 20 MB', () => {
  it('stores the file while /health keeps answering (p99 under 50 ms on a quiet machine)', async () => {
    const bytes = await pdfOf20Mb();
    expect(bytes.length).toBeGreaterThan(MB20);
    const idle = await idleHealth(session.url);
    const started = performance.now();
    const { result, p99, max, polls } = await healthWhile(session.url, () => session.upload('client1', 1001, [{ name: 'gross.pdf', bytes }]));
    const ms = performance.now() - started;
    console.log(
      `${idle}\ndocument upload (${Math.round(bytes.length / 1048576)} MB): ${Math.round(ms)} ms; /health p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${polls} polls`,
    );
    expect(result.body.files).toMatchObject([{ ok: true }]);
    expectResponsive({ p99, max }, ms);
  });
});
