import { readFile } from 'node:fs/promises';
import { BadRequest, Forbidden, hasPermission, mayAccessClient, NotFound, Unprocessable, type BankAccount, type StatementFormat } from '@portal/contracts';
import { BANK_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { Router } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { oneFileLimits, type DiskUploads } from '../../http/disk-uploads';
import { userOfRequest } from '../documents/http-auth';
import { BANKING } from './banking-permissions';
import type { StatementImporter } from './statement-import';
import { StatementParseError, type ParsedStatement } from './statements/statement';
import { parseStatementFile, previewStatementFile } from './statements/statement-file';
import { join } from 'node:path';
import { offLoop } from '../../platform/off-loop';

/** The compiled worker that reads statement files off the event loop (see offLoop). */
const PARSE_WORKER = join(__dirname, 'statements', 'statement-parse-worker.js');
const reviveParseError = (e: { name: string; message: string }) => (e.name === 'StatementParseError' ? new StatementParseError(e.message) : Object.assign(new Error(e.message), { name: e.name }));

const formatOf = (statements: ParsedStatement[]): StatementFormat => statements[0]?.format ?? 'csv';

/**
 * POST /api/banking/statements?client=1001[&account=<id>][&preview=1][&skip=3] (bearer token, adm or ban;
 * multipart field `file`): camt.053 XML or ZIP, MT940 or CSV. The answer is the import record (201) with
 * counts and warnings; `preview=1` answers the kind and, for CSV, the columns and first rows. A file that
 * is not a readable statement is a BadRequest naming the line or element; nothing is recorded then.
 * Who may import for the client is checked before the file is read; the file waits on disk, not in memory.
 */
export function statementsRouter(authenticator: Authenticator, store: ReadStore, importer: StatementImporter, diskUploads: DiskUploads, maxBytes: number): Router {
  const router = Router();

  router.post(
    '/api/banking/statements',
    diskUploads.handler({
      ...oneFileLimits(maxBytes),
      authorize: async (req) => {
        const user = await userOfRequest(authenticator, req);
        if (!hasPermission(user, ...BANKING)) throw Forbidden(`Importing statements needs the permission ${BANKING.join(' or ')}.`);
        const clientNo = Number(req.query.client);
        if (!Number.isSafeInteger(clientNo) || clientNo <= 0) throw BadRequest('Name the client (query client).');
        if (!mayAccessClient(user, clientNo)) throw NotFound(`No record found for id '${clientNo}'`);
        const accountId = typeof req.query.account === 'string' && req.query.account !== '' ? req.query.account : null;
        const account = accountId ? (await store.get(BANK_ACCOUNTS, accountId)) : null;
        if (accountId && (!account || account.client_no !== clientNo)) throw NotFound(`No record found for id '${accountId}'`);
        return { user, clientNo, accountId, account };
      },
      accept: async ({ user, clientNo, accountId, account }, files, req, res) => {
        const file = files[0];
        const bytes = file?.path ? await readFile(file.path) : Buffer.alloc(0);
        if (bytes.length === 0) throw BadRequest('The statement file is empty.');
        const fileName = file!.originalName;
        try {
          if (req.query.preview) {
            const skip = Number(req.query.skip ?? account?.csv_mapping?.skipLines ?? 0) || 0;
            const preview = await offLoop<ReturnType<typeof previewStatementFile>>(PARSE_WORKER, { preview: true, bytes, skip }, () => previewStatementFile(bytes, skip), reviveParseError);
            res.status(200).json({ fileName, ...preview });
            return;
          }
          const options = { csvMapping: account?.csv_mapping ?? null, currency: account?.currency ?? 'EUR' };
          const statements = await offLoop<ReturnType<typeof parseStatementFile>>(PARSE_WORKER, { preview: false, bytes, options }, () => parseStatementFile(bytes, options), reviveParseError);
          if (statements.every((s) => s.entries.length === 0) && statements.length === 0) throw Unprocessable('The file holds no statement.');
          const commandId = typeof req.query.commandId === 'string' && req.query.commandId.length <= 100 ? req.query.commandId : undefined;
          const record = await importer.run({ clientNo, fileName, format: formatOf(statements), statements, accountId, replacePending: false, context: { userId: user.keycloakId, clientNo, ...(commandId ? { commandId } : {}) } });
          res.status(201).json(record);
        } catch (e) {
          if (e instanceof StatementParseError) throw BadRequest(`${fileName}: ${e.message}`);
          throw e;
        }
      },
    }),
  );

  return router;
}
