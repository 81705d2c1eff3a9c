import { readFile } from 'node:fs/promises';
import { BadRequest } from '@portal/contracts';
import type { EInvoiceChecker } from '@portal/extraction';
import { Router } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { oneFileLimits, type DiskUploads } from '../../http/disk-uploads';
import { userOfRequest } from '../documents/http-auth';
import { verdictOnFile } from './einvoice-verdict';

/**
 * POST /api/einvoices/validate (bearer token, any signed-in user; multipart field `file`: an XML e-invoice or a
 * PDF with one embedded) answers the EN 16931 / XRechnung verdict `{ valid, syntax, customization, profile,
 * rulesVersion, findings }`. The token is checked before the body is read, the file waits on disk like every
 * upload and is checked in a worker thread; a file that is no e-invoice answers 400 with why. Nothing is stored.
 */
export function einvoiceValidationRouter(authenticator: Authenticator, checker: EInvoiceChecker, diskUploads: DiskUploads, maxBytes: number): Router {
  const router = Router();
  router.post(
    '/api/einvoices/validate',
    diskUploads.handler({
      ...oneFileLimits(maxBytes),
      authorize: (req) => userOfRequest(authenticator, req),
      accept: async (_user, files, _req, res) => {
        const file = files[0];
        if (!file?.path) throw BadRequest("Send the file in the form field 'file'.");
        res.status(200).json(await verdictOnFile(checker, await readFile(file.path)));
      },
    }),
  );
  return router;
}
