import { BadRequest, Forbidden, hasPermission, TooManyRequests, toFeathersError, type PortalError } from '@portal/contracts';
import { extractDocument, OcrEngine, searchablePdfOf } from '@portal/ocr-worker';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import type { Authenticator } from '../../auth/authenticator';
import { userOfRequest } from './http-auth';
import { sniffMediaType } from './media-type';
import { uploadErrorMessage } from './upload-errors';

const MAX_WAITING = 8;

/**
 * The OCR/PDF service for other systems (pdf): POST /api/ocr with one PDF or image (multipart field `file`)
 * answers its searchable PDF. Requests are read one after another (OCR takes the CPU); more than a few
 * waiting answer 429. A PDF that already has a text layer on every page comes back as it is.
 */
export function ocrRouter(authenticator: Authenticator, maxBytes: number): Router {
  const router = Router();
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } }).single('file');
  const ocr = new OcrEngine();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const send = (res: Response, error: unknown) => {
    const wire = toFeathersError(error);
    res.status(wire.code).json(wire);
  };

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

  router.post('/api/ocr', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      if (!hasPermission(user, 'pdf')) throw Forbidden('The OCR service needs the permission pdf.');
      await new Promise<void>((resolve, reject) => parse(req, res, (error: unknown) => (error ? reject(BadRequest(uploadErrorMessage((error as { code?: string }).code, maxBytes, 1))) : resolve())));
      const file = req.file;
      if (!file || file.buffer.length === 0) throw BadRequest(file ? 'The file is empty.' : "Send the file in the form field 'file'.");
      if (waiting >= MAX_WAITING) throw TooManyRequests('The OCR service is busy; try again in a minute.');
      waiting++;
      const name = Buffer.from(file.originalname, 'latin1').toString('utf8').replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'document';
      const run = queue.then(() => convert(file.buffer, name));
      queue = run.catch(() => undefined);
      const out = await run.finally(() => waiting--);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}-searchable.pdf`)}`);
      res.setHeader('X-Pdf-A', out.pdfa ? '2b' : 'none');
      res.setHeader('X-Ocr', out.ocr ? 'applied' : 'text layer present');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(out.bytes);
    })().catch((error: unknown) => ((error as PortalError).code ? send(res, error) : next(error)));
  });

  return router;
}
