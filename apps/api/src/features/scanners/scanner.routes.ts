import { Router, type Request } from 'express';
import { NotAuthenticated } from '@portal/contracts';
import { manyFileLimits, uploadStatus, type DiskUploads } from '../../http/disk-uploads';
import type { UploadSizes } from '../documents/documents.routes';
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
 * 429 with Retry-After after a handful of them (per address and per scanner), 403 for a deactivated scanner; per file the same answers as an upload. The secret is checked before
 * the body is read.
 */
export function scannerRouter(intake: ScannerIntake, diskUploads: DiskUploads, sizes: UploadSizes): Router {
  const router = Router();
  router.post(
    '/api/scanners/:id/scans',
    diskUploads.handler({
      ...manyFileLimits(sizes),
      raw: {
        types: RAW_TYPES,
        name: (req) =>
          safeFileName(decodeURIComponent(String(req.headers['x-file-name'] ?? req.query.name ?? `scan-${new Date().toISOString().replace(/[:.]/g, '-')}`))),
      },
      authorize: async (req, res) => {
        const scannerId = String(req.params.id);
        const secret = secretOf(req, scannerId);
        if (!secret) {
          res.setHeader('WWW-Authenticate', 'Basic realm="scanner"');
          throw NotAuthenticated('The scanner secret is missing.');
        }
        return intake.authenticate(scannerId, secret, 'http', req.ip ?? '').catch((error: unknown) => {
          const retryAfter = (error as { data?: { retryAfter?: unknown } }).data?.retryAfter;
          if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
          throw error;
        });
      },
      accept: async (scanner, files, req, res) => {
        const outcomes = await intake.deliver(scanner, 'http', files, req.ip ?? null);
        res.status(uploadStatus(outcomes)).json({ files: outcomes });
      },
    }),
  );
  return router;
}
