import { BadRequest, FON_IMPORT_SOURCES, hasPermission, NotFound, toFeathersError } from '@portal/contracts';
import { FON_FIRMS, FON_IMPORTS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import type { Authenticator } from '../../auth/authenticator';
import { userOfRequest } from '../documents/http-auth';
import { refuseWhileRunning, type FonImporter } from './imports/fon-importer';
import { presentImport } from './services/fon-imports.service';

/**
 * POST /api/fon/imports?firm_id=<id>&tax_year=2025&source=fon-file|ntcs (bearer token, adm; multipart field
 * `file`): starts an import job of a FON quota file (CSV or XML) or an NTCS client export and answers it (202,
 * in progress); `fon-imports` pushes it when it is done or failed. A file it cannot read fails the job with the
 * reason (the screen then warns "FON import failed (data may be stale)").
 */
export function fonImportsRouter(authenticator: Authenticator, store: ReadStore, importer: FonImporter, maxBytes: number): Router {
  const router = Router();
  const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } }).single('file');
  router.post('/api/fon/imports', (req: Request, res: Response) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      if (!hasPermission(user, 'adm')) throw NotFound('No record found');
      const firmId = String(req.query.firm_id ?? '');
      const taxYear = Number(req.query.tax_year);
      const source = String(req.query.source ?? '');
      if (!Number.isInteger(taxYear) || taxYear < 2020 || taxYear > 2100) throw BadRequest('tax_year must be a year between 2020 and 2100.');
      if (source === 'fon-webservice' || !(FON_IMPORT_SOURCES as readonly string[]).includes(source)) throw BadRequest('source is fon-file or ntcs.');
      if (!(await store.get(FON_FIRMS, firmId))) throw NotFound(`No record found for id '${firmId}'`);
      await new Promise<void>((resolve, reject) =>
        parse(req, res, (error: unknown) => (error ? reject(BadRequest((error as { code?: string }).code === 'LIMIT_FILE_SIZE' ? `The file is larger than ${Math.round(maxBytes / 1048576)} MB.` : "Send the file in the form field 'file'.")) : resolve())),
      );
      const file = req.file;
      if (!file) throw BadRequest("Send the file in the form field 'file'.");
      await refuseWhileRunning(store, firmId);
      const fileName = Buffer.from(file.originalname, 'latin1').toString('utf8').slice(0, 200);
      const commandId = typeof req.query.commandId === 'string' && req.query.commandId.length <= 100 ? req.query.commandId : undefined;
      const importId = await importer.start({ firmId, source: source as 'fon-file' | 'ntcs', taxYear, fonUserId: null, fileName, content: file.buffer }, { userId: user.keycloakId, clientNo: null, ...(commandId ? { commandId } : {}) });
      res.status(202).json(presentImport((await store.get(FON_IMPORTS, importId))!));
    })().catch((error: unknown) => {
      const wire = toFeathersError(error);
      res.status(wire.code).json(wire);
    });
  });
  return router;
}
