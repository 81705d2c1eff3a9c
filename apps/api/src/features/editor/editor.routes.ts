import type { BlobStore } from '@portal/blob-store';
import { BadRequest, Forbidden, hasPermission, type PortalError } from '@portal/contracts';
import { FILING_CATEGORIES, type FilingCategory } from '@portal/domain';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { manyFileLimits, uploadStatus, type DiskUploads } from '../../http/disk-uploads';
import type { UploadSizes } from '../documents/documents.routes';
import { toWireError } from '../../gateway/error-mapping';
import { userOfRequest } from '../documents/http-auth';
import { EditorAccess, editorNotFound, wholeId } from './editor-access';
import type { EditorInbox } from './editor-inbox';

const SHA = /^[0-9a-f]{64}$/;

export const sendError = (res: Response, error: unknown) => {
  const wire = toWireError(error, () => undefined);
  res.status(wire.code).json(wire);
};

/**
 * REST for the document editor's files (spec §7: bearer token):
 * POST /api/document-editor/upload?client=1001[&category=ER_U] — "Upload to document editor" (multipart `files`);
 * GET /api/document-editor/:id/files/:sha256 — a file the item's pages are read from (or its original).
 */
export function editorRouter(
  authenticator: Authenticator,
  inbox: EditorInbox,
  access: EditorAccess,
  blobs: BlobStore,
  diskUploads: DiskUploads,
  sizes: UploadSizes,
): Router {
  const router = Router();

  router.post(
    '/api/document-editor/upload',
    diskUploads.handler({
      ...manyFileLimits(sizes),
      authorize: async (req) => {
        const user = await userOfRequest(authenticator, req);
        if (!hasPermission(user, 'ded')) throw Forbidden('Uploading to the document editor needs the permission ded.');
        const clientNo = Number(req.query.client);
        await access.company(user, clientNo);
        const category = req.query.category === undefined ? null : String(req.query.category);
        if (category !== null && !(category in FILING_CATEGORIES)) throw BadRequest(`Unknown document category '${category}'.`);
        return { user, clientNo, category: category as FilingCategory | null };
      },
      accept: async ({ user, clientNo, category }, files, _req, res) => {
        const outcomes = await inbox.deliver(clientNo, files, {
          channel: 'upload',
          userId: user.keycloakId,
          scannerId: null,
          scannerName: null,
          sender: user.username,
          category,
        });
        res.status(uploadStatus(outcomes)).json({ files: outcomes });
      },
    }),
  );

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
