import { readFile } from 'node:fs/promises';
import { BadRequest, FON_IMPORT_SOURCES, hasPermission, NotFound } from '@portal/contracts';
import { FON_FIRMS, FON_IMPORTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { Router } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { oneFileLimits, type DiskUploads } from '../../http/disk-uploads';
import { userOfRequest } from '../documents/http-auth';
import { refuseWhileRunning, type FonImporter } from './imports/fon-importer';
import { presentImport } from './services/fon-imports.service';

/**
 * POST /api/fon/imports?firm_id=<id>&tax_year=2025&source=fon-file|ntcs (bearer token, adm; multipart field
 * `file`): starts an import job of a FON quota file (CSV or XML) or an NTCS client export and answers it (202,
 * in progress); `fon-imports` pushes it when it is done or failed. A file it cannot read fails the job with the
 * reason (the screen then warns "FON import failed (data may be stale)"). Who asks, and for which firm, is
 * checked before the file is read; the file waits on disk, not in memory, like every upload.
 */
export function fonImportsRouter(authenticator: Authenticator, store: ReadStore, importer: FonImporter, diskUploads: DiskUploads, maxBytes: number): Router {
  const router = Router();
  router.post(
    '/api/fon/imports',
    diskUploads.handler({
      ...oneFileLimits(maxBytes),
      authorize: async (req) => {
        const user = await userOfRequest(authenticator, req);
        if (!hasPermission(user, 'adm')) throw NotFound('No record found');
        const firmId = String(req.query.firm_id ?? '');
        const taxYear = Number(req.query.tax_year);
        const source = String(req.query.source ?? '');
        if (!Number.isInteger(taxYear) || taxYear < 2020 || taxYear > 2100) throw BadRequest('tax_year must be a year between 2020 and 2100.');
        if (source === 'fon-webservice' || !(FON_IMPORT_SOURCES as readonly string[]).includes(source)) throw BadRequest('source is fon-file or ntcs.');
        if (!(await store.get(FON_FIRMS, firmId))) throw NotFound(`No record found for id '${firmId}'`);
        return { user, firmId, taxYear, source: source as 'fon-file' | 'ntcs' };
      },
      accept: async ({ user, firmId, taxYear, source }, files, req, res) => {
        const file = files[0];
        if (!file?.path) throw BadRequest("Send the file in the form field 'file'.");
        await refuseWhileRunning(store, firmId);
        const content = await readFile(file.path);
        const fileName = file.originalName.slice(0, 200);
        const commandId = typeof req.query.commandId === 'string' && req.query.commandId.length <= 100 ? req.query.commandId : undefined;
        const importId = await importer.start(
          { firmId, source, taxYear, fonUserId: null, fileName, content },
          { userId: user.keycloakId, clientNo: null, ...(commandId ? { commandId } : {}) },
        );
        res.status(202).json(presentImport((await store.get(FON_IMPORTS, importId))!));
      },
    }),
  );
  return router;
}
