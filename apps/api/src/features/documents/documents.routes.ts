import type { BlobStore } from '@portal/blob-store';
import { mkdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { BadRequest, NotFound, toFeathersError, type DocumentRecord, type PortalError } from '@portal/contracts';
import { DOCUMENTS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import type { Authenticator } from '../../auth/authenticator';
import { mayReadDocument } from './document-read-rule';
import { userOfRequest } from './http-auth';
import { closeAfter, declaresMoreThan, refuseOversized } from './request-size-cap';
import type { UploadService } from './upload.service';

const MAX_FILES = 50;

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

export interface DocumentsRouterOptions {
  /** Largest single file. */
  maxBytes: number;
  /** Largest request (all files of one upload): more is refused with 413 before it is read. */
  maxRequestBytes: number;
  /** The temporary area files are streamed to while the request arrives (deleted after the upload). */
  incomingDir: string;
}

/**
 * REST for files (spec 7: bearer token): POST /api/documents/upload?client=1001&category=ER_U
 * (multipart, field `files`, several at once), GET /api/documents/:id/file (the untouched original).
 * An upload is authenticated and authorized (permission, client, category) before its body is read;
 * files are streamed to disk, never held whole in memory, and the request's total size is capped.
 */
export function documentsRouter(authenticator: Authenticator, uploads: UploadService, reads: ReadStore, blobs: BlobStore, options: DocumentsRouterOptions): Router {
  const router = Router();
  const { maxBytes, maxRequestBytes, incomingDir } = options;
  // Left-overs of requests cut off by a restart.
  rmSync(incomingDir, { recursive: true, force: true });
  mkdirSync(incomingDir, { recursive: true });
  /** The temporary files of each request, so a request cut off mid-file leaves nothing behind. */
  const incoming = new WeakMap<Request, string[]>();
  const storage = multer.diskStorage({
    destination: incomingDir,
    filename: (req, _file, callback) => {
      const name = randomUUID();
      incoming.set(req, [...(incoming.get(req) ?? []), join(incomingDir, name)]);
      callback(null, name);
    },
  });
  const parse = multer({ storage, limits: { fileSize: maxBytes, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 } }).array('files', MAX_FILES);
  const tooLarge = (res: Response) => () => {
    res.status(413).json({ name: 'PayloadTooLarge', message: `The upload is larger than ${Math.round(maxRequestBytes / 1048576)} MB.`, code: 413, className: 'payload-too-large' });
  };

  router.post('/api/documents/upload', (req: Request, res: Response) => {
    if (declaresMoreThan(req, maxRequestBytes)) {
      closeAfter(req, res);
      tooLarge(res)();
      return;
    }
    const refuseEarly = (error: unknown) => {
      closeAfter(req, res);
      send(res, error);
    };
    (async () => {
      const user = await userOfRequest(authenticator, req);
      const clientNo = Number(req.query.client);
      const category = String(req.query.category ?? 'ER_U');
      await uploads.assertMayUpload(user, clientNo, category);
      return { user, clientNo, category };
    })().then(
      ({ user, clientNo, category }) => {
        if (res.headersSent) return;
        const cleanUp = () => Promise.all((incoming.get(req) ?? []).map((path) => rm(path, { force: true })));
        refuseOversized(req, res, maxRequestBytes, () => {
          tooLarge(res)();
          req.once('close', () => setTimeout(() => void cleanUp(), 100));
        });
        parse(req, res, (error: unknown) => {
          const stored = (req.files as Express.Multer.File[] | undefined) ?? [];
          if (res.headersSent) {
            void cleanUp();
            return;
          }
          if (error) {
            void cleanUp();
            send(res, BadRequest(uploadErrorMessage((error as { code?: string }).code, maxBytes)));
            return;
          }
          const files = stored.map((f) => ({ originalName: Buffer.from(f.originalname, 'latin1').toString('utf8'), path: f.path }));
          uploads
            .upload(user, clientNo, category, files)
            .then((outcomes) => res.status(outcomes.every((o) => o.ok) ? 201 : outcomes.some((o) => o.ok) ? 207 : 400).json({ files: outcomes }))
            .catch((e: unknown) => send(res, e))
            .finally(() => void cleanUp());
        });
      },
      refuseEarly,
    );
  });

  router.get('/api/documents/:id/file', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      const id = Number(req.params.id);
      const doc = Number.isSafeInteger(id) ? ((await reads.get(DOCUMENTS, id)) as unknown as DocumentRecord | null) : null;
      if (!doc || !mayReadDocument(user, doc)) throw NotFound('document does not exist or access denied');
      const bytes = await blobs.get(doc.sha256);
      if (!bytes) throw NotFound('document does not exist or access denied');
      res.setHeader('Content-Type', doc.media_type);
      // An uploaded file is never a page of the portal: no script, no same-origin rights, XML only as a download.
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
      const attachment = req.query.download || /xml/i.test(doc.media_type);
      res.setHeader('Content-Disposition', `${attachment ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`);
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(bytes);
    })().catch((error: unknown) => (error as PortalError).code ? send(res, error) : next(error));
  });

  return router;
}
