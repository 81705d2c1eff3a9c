import type { BlobStore } from '@portal/blob-store';
import { Conflict, hasPermission, mayAccessClient, NotFound, toFeathersError, type PortalError } from '@portal/contracts';
import { EXPORT_JOBS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { userOfRequest } from '../documents/http-auth';
import { maySeePayroll } from '../documents/document-read-rule';
import { EXPORT_PERMISSIONS } from './erp-exports.service';

const NOT_FOUND = 'export does not exist or access denied';

const send = (res: Response, error: unknown) => {
  const wire = toFeathersError(error);
  res.status(wire.code).json(wire);
};

/**
 * GET /api/exports/:id/file (bearer token): the ZIP of a done export; exp or acc and the client, 404 otherwise.
 * A file that holds payroll documents (their bookings and originals) exists only for users with dpv.
 */
export function exportsRouter(authenticator: Authenticator, reads: ReadStore, blobs: BlobStore): Router {
  const router = Router();
  router.get('/api/exports/:id/file', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      if (!hasPermission(user, ...EXPORT_PERMISSIONS)) throw NotFound(NOT_FOUND);
      const id = String(req.params.id);
      const job = await reads.get(EXPORT_JOBS, id);
      if (!job || !mayAccessClient(user, job.client_no) || ((job.payroll_document_ids ?? []).length > 0 && !maySeePayroll(user))) throw NotFound(NOT_FOUND);
      if (job.status === 'in progress') throw Conflict('The export is still in progress.');
      const bytes = job.file_sha256 ? await blobs.get(job.file_sha256) : null;
      if (!bytes || !job.file_name) throw NotFound(job.status === 'failed' ? `The export failed and has no file: ${job.reason ?? ''}` : NOT_FOUND);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${job.file_name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(job.file_name)}`,
      );
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(bytes);
    })().catch((error: unknown) => ((error as PortalError).code ? send(res, error) : next(error)));
  });
  return router;
}
