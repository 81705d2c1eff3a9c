import type { BlobStore } from '@portal/blob-store';
import { Forbidden, hasPermission, NotFound, toFeathersError, type Permission, type PortalError } from '@portal/contracts';
import { DOCUMENTS } from '@portal/read-models';
import type { EventStore } from '@portal/event-store';
import type { EInvoiceChecker } from '@portal/extraction';
import type { ReadStore } from '@portal/read-store';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { manyFileLimits, uploadStatus, type DiskUploads } from '../../http/disk-uploads';
import { attachmentDownloadHeaders } from './attachment-download';
import { filesOfDocument } from './document-files';
import { DOCUMENT_READERS, mayReadDocument } from './document-read-rule';
import { userOfRequest } from './http-auth';
import type { UploadService } from './upload.service';

const send = (res: Response, error: unknown) => {
  const wire = toFeathersError(error);
  res.status(wire.code).json(wire);
};

export interface UploadSizes {
  /** Largest single file. */
  maxBytes: number;
  /** Largest request (all files of one upload): more is refused with 413 before it is read. */
  maxRequestBytes: number;
}

/**
 * REST for files (spec §7: bearer token): POST /api/documents/upload?client=1001&category=ER_U
 * (multipart, field `files`, several at once), GET /api/documents/:id/file (the untouched original; with
 * `?sha256=` an earlier file of the document, e.g. before the document editor revised its pages).
 * An upload is authenticated and authorized (permission, client, category) before its body is read;
 * files are streamed to disk, never held whole in memory, and the request's total size is capped.
 */
/**
 * `events`: where earlier files of a document are looked up (`GET /api/documents/:id/file?sha256=`); `einvoices`:
 * the thread that takes an embedded attachment out of an e-invoice (`GET /api/documents/:id/einvoice-attachments/:number`).
 */
export function documentsRouter(
  authenticator: Authenticator,
  uploads: UploadService,
  reads: ReadStore,
  blobs: BlobStore,
  diskUploads: DiskUploads,
  sizes: UploadSizes,
  events: EventStore,
  einvoices: EInvoiceChecker,
): Router {
  const router = Router();

  router.post(
    '/api/documents/upload',
    diskUploads.handler({
      ...manyFileLimits(sizes),
      authorize: async (req) => {
        const user = await userOfRequest(authenticator, req);
        const clientNo = Number(req.query.client);
        const category = String(req.query.category ?? 'ER_U');
        const payroll = req.query.payroll === '1' || req.query.payroll === 'true';
        await uploads.assertMayUpload(user, clientNo, category, payroll);
        return { user, clientNo, category, payroll };
      },
      accept: async ({ user, clientNo, category, payroll }, files, _req, res) => {
        const outcomes = await uploads.upload(user, clientNo, category, files, payroll);
        res.status(uploadStatus(outcomes)).json({ files: outcomes });
      },
    }),
  );

  /**
   * The document if this user may read it: Forbidden without the route's permission (any document reader by
   * default), then NotFound for a document the one visibility rule hides (another client's, a payroll one without dpv).
   */
  const readable = async (req: Request, gate: readonly Permission[] = DOCUMENT_READERS) => {
    const user = await userOfRequest(authenticator, req);
    if (!hasPermission(user, ...gate)) throw Forbidden(`This download needs the permission ${gate.join(' or ')}.`);
    const id = Number(req.params.id);
    const doc = Number.isSafeInteger(id) ? await reads.get(DOCUMENTS, id) : null;
    if (!doc || !mayReadDocument(user, doc)) throw NotFound('document does not exist or access denied');
    return doc;
  };

  const fail = (res: Response, next: NextFunction) => (error: unknown) => ((error as PortalError).code ? send(res, error) : next(error));

  /** The words of each page with their boxes (PDF points, origin top left): what the labeling tool reads under a box. */
  router.get('/api/documents/:id/words', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const doc = await readable(req);
      const bytes = doc.words_sha256 ? await blobs.get(doc.words_sha256) : null;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.end(bytes ?? '[]');
    })().catch(fail(res, next));
  });

  /** The searchable PDF of a scanned document (pdf): page images with the OCR text over them. */
  router.get('/api/documents/:id/searchable-pdf', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const doc = await readable(req, ['pdf']);
      const bytes = doc.searchable_pdf ? await blobs.get(doc.searchable_pdf.sha256) : null;
      if (!bytes) throw NotFound('This document has no searchable PDF (only scanned documents get one).');
      const name = `${doc.file_name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}-searchable.pdf`;
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
      res.setHeader('Content-Disposition', `${req.query.download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(name)}`);
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(bytes);
    })().catch(fail(res, next));
  });

  /**
   * A file the document's e-invoice embeds (BG-24), by its number in the readable view's list (1-based): taken out
   * of the current file's XML in the e-invoice thread, always as a download, with the document's read rule.
   */
  router.get('/api/documents/:id/einvoice-attachments/:number', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const doc = await readable(req);
      const number = Number(req.params.number);
      const missing = () => NotFound('The e-invoice of this document embeds no file under this number.');
      if (!Number.isSafeInteger(number) || number < 1 || !doc.einvoice) throw missing();
      const bytes = await blobs.get(doc.sha256);
      const file = bytes ? await einvoices.attachment(bytes, number - 1) : null;
      if (!file) throw missing();
      res.set(attachmentDownloadHeaders({ ...file, size: file.bytes.byteLength }, number));
      res.end(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    })().catch(fail(res, next));
  });

  router.get('/api/documents/:id/file', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const doc = await readable(req);
      const wanted = typeof req.query.sha256 === 'string' ? req.query.sha256 : doc.sha256;
      const file =
        wanted === doc.sha256 ? { sha256: doc.sha256, mediaType: doc.media_type } : (await filesOfDocument(events, doc.id)).find((f) => f.sha256 === wanted);
      const bytes = file ? await blobs.get(file.sha256) : null;
      if (!file || !bytes) throw NotFound('document does not exist or access denied');
      res.setHeader('Content-Type', file.mediaType);
      // An uploaded file is never a page of the portal: no script, no same-origin rights, XML only as a download.
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
      const attachment = req.query.download || /xml/i.test(doc.media_type);
      res.setHeader('Content-Disposition', `${attachment ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`);
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(bytes);
    })().catch(fail(res, next));
  });

  return router;
}
