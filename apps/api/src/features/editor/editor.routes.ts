import type { BlobStore } from '@portal/blob-store';
import { BadRequest, Forbidden, hasPermission, type PortalError } from '@portal/contracts';
import { FILING_CATEGORIES, type FilingCategory } from '@portal/domain';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import type { Authenticator } from '../../auth/authenticator';
import { toWireError } from '../../gateway/error-mapping';
import { userOfRequest } from '../documents/http-auth';
import { EditorAccess, editorNotFound, wholeId } from './editor-access';
import type { EditorInbox } from './editor-inbox';

const MAX_FILES = 50;
const SHA = /^[0-9a-f]{64}$/;

export const sendError = (res: Response, error: unknown) => {
  const wire = toWireError(error, () => undefined);
  res.status(wire.code).json(wire);
};

/** The multipart files of a request (field `files`), refused with a clear message past the limits. */
export function multipartFiles(maxBytes: number) {
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 } }).array('files', MAX_FILES);
  return (req: Request, res: Response) =>
    new Promise<{ originalName: string; bytes: Buffer }[]>((resolve, reject) =>
      parse(req, res, (error: unknown) => {
        if (!error) return resolve(((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({ originalName: Buffer.from(f.originalname, 'latin1').toString('utf8'), bytes: f.buffer })));
        const code = (error as { code?: string }).code;
        reject(
          BadRequest(
            code === 'LIMIT_FILE_SIZE'
              ? `The file is larger than ${Math.round(maxBytes / 1048576)} MB.`
              : code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_PART_COUNT'
                ? `At most ${MAX_FILES} files can be uploaded at once.`
                : code === 'LIMIT_UNEXPECTED_FILE'
                  ? "Files must be sent in the form field 'files'."
                  : 'Error during upload.',
          ),
        );
      }),
    );
}

/**
 * REST for the document editor's files (spec 7: bearer token):
 * POST /api/document-editor/upload?client=1001[&category=ER_U] — "Upload to document editor" (multipart `files`);
 * GET /api/document-editor/:id/files/:sha256 — a file the item's pages are read from (or its original).
 */
export function editorRouter(authenticator: Authenticator, inbox: EditorInbox, access: EditorAccess, blobs: BlobStore): Router {
  const router = Router();
  const files = multipartFiles(inbox.maxUploadBytes);

  router.post('/api/document-editor/upload', (req: Request, res: Response) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      if (!hasPermission(user, 'ded')) throw Forbidden('Uploading to the document editor needs the permission ded.');
      const clientNo = Number(req.query.client);
      await access.company(user, clientNo);
      const category = req.query.category === undefined ? null : String(req.query.category);
      if (category !== null && !(category in FILING_CATEGORIES)) throw BadRequest(`Unknown document category '${category}'.`);
      const outcomes = await inbox.deliver(clientNo, await files(req, res), { channel: 'upload', userId: user.keycloakId, scannerId: null, scannerName: null, sender: user.username, category: category as FilingCategory | null });
      res.status(outcomes.every((o) => o.ok) ? 201 : outcomes.some((o) => o.ok) ? 207 : 400).json({ files: outcomes });
    })().catch((error: unknown) => sendError(res, error));
  });

  router.get('/api/document-editor/:id/files/:sha256', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      if (!hasPermission(user, 'ded')) throw editorNotFound();
      const record = await access.item(user, wholeId(req.params.id));
      const sha = String(req.params.sha256);
      const files = new Set([record.pdf_sha256, ...record.pages.map((p) => p.file)]);
      const original = sha === record.sha256;
      if (!SHA.test(sha) || (!files.has(sha) && !original)) throw editorNotFound();
      const bytes = await blobs.get(sha);
      if (!bytes) throw editorNotFound();
      res.setHeader('Content-Type', original && record.media_type ? record.media_type : 'application/pdf');
      if (original && record.file_name) res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(record.file_name)}`);
      // Content-addressed: the bytes under this name never change.
      res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(bytes);
    })().catch((error: unknown) => ((error as PortalError).code ? sendError(res, error) : next(error)));
  });

  return router;
}
