import express, { Router, type Request, type Response } from 'express';
import { BadRequest, NotAuthenticated } from '@portal/contracts';
import { multipartFiles, sendError } from '../editor/editor.routes';
import { safeFileName } from '../documents/upload.service';
import type { ScannerIntake } from './scanner-intake';

/** The scanner's secret: HTTP Basic (user = scanner id, password = secret), a bearer token, or X-Scanner-Secret. */
export function secretOf(req: Request, scannerId: string): string {
  const header = req.headers.authorization ?? '';
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) {
    const [user, ...rest] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    if (user === scannerId || user === `scan+${scannerId}`) return rest.join(':');
    return '';
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1]!;
  const own = req.headers['x-scanner-secret'];
  return typeof own === 'string' ? own : '';
}

const RAW_TYPES = ['application/pdf', 'image/tiff', 'image/jpeg', 'image/png', 'application/octet-stream'];

/**
 * HTTP push for scanners and scripts: POST /api/scanners/:id/scans with the scanner's secret, either
 * multipart (field `files`, one or more) or one file as the raw body (Content-Type application/pdf,
 * image/tiff, image/jpeg or image/png; its name in X-File-Name or ?name=). 401 for a wrong secret,
 * 403 for a deactivated scanner; per file the same answers as an upload.
 */
export function scannerRouter(intake: ScannerIntake, maxBytes: number): Router {
  const router = Router();
  const multipart = multipartFiles(maxBytes);
  const raw = express.raw({ type: RAW_TYPES, limit: maxBytes });

  router.post('/api/scanners/:id/scans', (req: Request, res: Response) => {
    (async () => {
      const scannerId = String(req.params.id);
      const secret = secretOf(req, scannerId);
      if (!secret) {
        res.setHeader('WWW-Authenticate', 'Basic realm="scanner"');
        throw NotAuthenticated('The scanner secret is missing.');
      }
      const scanner = await intake.authenticate(scannerId, secret, 'http');
      const files = /multipart\/form-data/i.test(req.headers['content-type'] ?? '')
        ? await multipart(req, res)
        : await new Promise<{ originalName: string; bytes: Buffer }[]>((resolve, reject) =>
            raw(req, res, (error?: unknown) => {
              if (error) return reject(error);
              const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
              const name = String(req.headers['x-file-name'] ?? req.query.name ?? `scan-${new Date().toISOString().replace(/[:.]/g, '-')}`);
              resolve(body.length ? [{ originalName: safeFileName(decodeURIComponent(name)), bytes: body }] : []);
            }),
          );
      const outcomes = await intake.deliver(scanner, 'http', files, req.ip ?? null);
      res.status(outcomes.every((o) => o.ok) ? 201 : outcomes.some((o) => o.ok) ? 207 : 400).json({ files: outcomes });
    })().catch((error: unknown) => {
      const e = error as { type?: string; status?: number };
      if (e.type === 'entity.too.large') return sendError(res, BadRequest(`The file is larger than ${Math.round(maxBytes / 1048576)} MB.`));
      return sendError(res, error);
    });
  });

  return router;
}
