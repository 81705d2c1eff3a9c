import { readFile } from 'node:fs/promises';
import { BadRequest, Forbidden, hasPermission, TooManyRequests } from '@portal/contracts';
import { extractDocument, OcrEngine, searchablePdfOf } from '@portal/extraction';
import { Router } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { oneFileLimits, type DiskUploads } from '../../http/disk-uploads';
import { userOfRequest } from './http-auth';
import { sniffMediaType } from './media-type';

const MAX_WAITING = 8;

/**
 * The OCR/PDF service for other systems (pdf): POST /api/ocr with one PDF or image (multipart field `file`)
 * answers its searchable PDF. Requests are read one after another (OCR takes the CPU); more than a few
 * waiting answer 429, before their file is read. A PDF that already has a text layer on every page comes
 * back as it is.
 */
export function ocrRouter(authenticator: Authenticator, diskUploads: DiskUploads, maxBytes: number): Router {
  const router = Router();
  const ocr = new OcrEngine();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const convert = async (bytes: Buffer, name: string) => {
    const mediaType = sniffMediaType(bytes);
    if (!mediaType || mediaType === 'application/xml') throw BadRequest('The file is not a PDF, PNG, JPEG or TIFF (checked by its content).');
    const result = await extractDocument({ bytes, mediaType }, { ocr, embeddedInvoice: false });
    if (result.problem?.flag === 'Broken') throw BadRequest(result.problem.reason);
    const pdf = await searchablePdfOf(result, { bytes, mediaType }, name, new Date());
    if (pdf) return { bytes: pdf.bytes, pdfa: pdf.pdfa, pages: pdf.pages, ocr: true };
    if (mediaType === 'application/pdf' && result.text.trim() !== '') return { bytes, pdfa: false, pages: result.pages, ocr: false };
    throw BadRequest(result.problem?.reason ?? 'No text could be read from the file.');
  };

  router.post(
    '/api/ocr',
    diskUploads.handler({
      ...oneFileLimits(maxBytes),
      authorize: async (req) => {
        const user = await userOfRequest(authenticator, req);
        if (!hasPermission(user, 'pdf')) throw Forbidden('The OCR service needs the permission pdf.');
        if (waiting >= MAX_WAITING) throw TooManyRequests('The OCR service is busy; try again in a minute.');
        waiting++;
        return user;
      },
      release: () => {
        waiting--;
      },
      accept: async (_user, files, _req, res) => {
        const file = files[0];
        if (!file?.path) throw BadRequest("Send the file in the form field 'file'.");
        const name = file.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'document';
        // Read when its turn comes: the files of waiting requests stay on disk.
        const run = queue.then(async () => {
          const bytes = await readFile(file.path!);
          if (bytes.length === 0) throw BadRequest('The file is empty.');
          return convert(bytes, name);
        });
        queue = run.catch(() => undefined);
        const out = await run;
        res.setHeader('Content-Type', 'application/pdf');
        res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}-searchable.pdf`)}`);
        res.setHeader('X-Pdf-A', out.pdfa ? '2b' : 'none');
        res.setHeader('X-Ocr', out.ocr ? 'applied' : 'text layer present');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.end(out.bytes);
      },
    }),
  );

  return router;
}
