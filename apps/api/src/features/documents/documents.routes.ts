import type { BlobStore } from '@portal/blob-store';
import { BadRequest, hasPermission, mayAccessClient, NotFound, toFeathersError, type DocumentRecord, type PortalError } from '@portal/contracts';
import { DOCUMENTS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import type { Authenticator } from '../../auth/authenticator';
import { userOfRequest } from './http-auth';
import type { UploadService } from './upload.service';

const MAX_FILES = 50;
const READERS = ['doc', 'lar', 'app', 'acc', 'exp'] as const;

const send = (res: Response, error: unknown) => {
  const wire = toFeathersError(error);
  res.status(wire.code).json(wire);
};

/** Why multer refused a request, in words users understand; anything else is the spec's "Error during upload.". */
function uploadErrorMessage(code: string | undefined, maxBytes: number): string {
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return `The file is larger than ${Math.round(maxBytes / 1048576)} MB.`;
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_PART_COUNT':
      return `At most ${MAX_FILES} files can be uploaded at once.`;
    case 'LIMIT_UNEXPECTED_FILE':
      return "Files must be sent in the form field 'files'.";
    default:
      return 'Error during upload.';
  }
}

/**
 * REST for files (spec 7: bearer token): POST /api/documents/upload?client=1001&category=ER_U
 * (multipart, field `files`, several at once), GET /api/documents/:id/file (the untouched original).
 */
export function documentsRouter(authenticator: Authenticator, uploads: UploadService, reads: ReadStore, blobs: BlobStore, maxBytes: number): Router {
  const router = Router();
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 } }).array('files', MAX_FILES);

  router.post('/api/documents/upload', (req: Request, res: Response) => {
    userOfRequest(authenticator, req)
      .then(
        (user) =>
          new Promise<void>((resolve) => {
            parse(req, res, (error: unknown) => {
              if (error) {
                send(res, BadRequest(uploadErrorMessage((error as { code?: string }).code, maxBytes)));
                return resolve();
              }
              const files = ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({ originalName: Buffer.from(f.originalname, 'latin1').toString('utf8'), bytes: f.buffer }));
              uploads
                .upload(user, Number(req.query.client), String(req.query.category ?? 'ER_U'), files)
                .then((outcomes) => res.status(outcomes.every((o) => o.ok) ? 201 : outcomes.some((o) => o.ok) ? 207 : 400).json({ files: outcomes }))
                .catch((e: unknown) => send(res, e))
                .finally(resolve);
            });
          }),
      )
      .catch((error: unknown) => send(res, error));
  });

  router.get('/api/documents/:id/file', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      if (!hasPermission(user, ...READERS)) throw NotFound('document does not exist or access denied');
      const id = Number(req.params.id);
      const doc = Number.isSafeInteger(id) ? ((await reads.get(DOCUMENTS, id)) as unknown as DocumentRecord | null) : null;
      if (!doc || !mayAccessClient(user, doc.client_no)) throw NotFound('document does not exist or access denied');
      const bytes = await blobs.get(doc.sha256);
      if (!bytes) throw NotFound('document does not exist or access denied');
      res.setHeader('Content-Type', doc.media_type);
      res.setHeader('Content-Disposition', `${req.query.download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`);
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(bytes);
    })().catch((error: unknown) => (error as PortalError).code ? send(res, error) : next(error));
  });

  return router;
}
