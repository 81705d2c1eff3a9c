import { stat } from 'node:fs/promises';
import {
  BadRequest,
  Forbidden,
  hasPermission,
  mayAccessClient,
  NotFound,
  Unprocessable,
  type BankAccount,
  type CsvMapping,
  type StatementPreview,
} from '@portal/contracts';
import {
  parseFileInWorker,
  previewFileInWorker,
  StatementParseError,
  warmStatementReader,
  type LastBalance,
  type PreviousBalances,
} from '@portal/bank-statements';
import { BANK_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { Router, type Request } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { oneFileLimits, type DiskUploads } from '../../http/disk-uploads';
import { userOfRequest } from '../documents/http-auth';
import { BANKING } from './banking-permissions';
import { csvMappingSchema } from './bank-accounts.service';
import type { StatementImporter } from './statement-import';

/** A query parameter holding JSON: undefined when absent or empty; not JSON is a BadRequest with `message`. */
function jsonQuery(req: Request, name: string, message: string): unknown {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(String(raw));
  } catch {
    throw BadRequest(message);
  }
}

/** `accounts={"<account text>":"<account id>",...}`: the account chosen for each account a file names without IBAN. */
function accountChoices(req: Request): Record<string, string> {
  const message = 'accounts must be a JSON object of account texts and account ids.';
  const parsed = jsonQuery(req, 'accounts', message);
  if (parsed === undefined) return {};
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => typeof v !== 'string') ||
    Object.keys(parsed).length > 100
  )
    throw BadRequest(message);
  return parsed as Record<string, string>;
}

/** `mapping=<json>` (previews only): a CSV's column mapping the user has not saved yet, to see what it reads. */
function unsavedMapping(req: Request): CsvMapping | null {
  const parsed = jsonQuery(req, 'mapping', 'mapping must be a JSON object: the column mapping.');
  if (parsed === undefined) return null;
  if (!req.query.preview) throw BadRequest('A mapping is sent with a preview only; the import reads the file through the mapping saved on the account.');
  const checked = csvMappingSchema.safeParse(parsed);
  if (!checked.success) throw BadRequest(`mapping: ${checked.error.issues.map((i) => `${i.path.join('.') || 'mapping'}: ${i.message}`).join('; ')}`);
  return checked.data;
}

/** An account's latest statement closing balance, where the next statement of it has to open. */
const leftAt = (a: BankAccount): LastBalance | null =>
  a.last_statement_date && a.last_statement_balance_cents !== null ? { date: a.last_statement_date, cents: a.last_statement_balance_cents } : null;

/** Where the client's accounts were left, by IBAN, and the chosen account for statements without one. */
async function previousBalances(store: ReadStore, clientNo: number, chosen: BankAccount | null): Promise<PreviousBalances> {
  const accounts = (await store.find(BANK_ACCOUNTS, { where: { client_no: clientNo }, sort: [], skip: 0, limit: 10_000 })).data;
  const byIban: Record<string, LastBalance> = {};
  for (const a of accounts) {
    const left = leftAt(a);
    if (left) byIban[a.iban] = left;
  }
  return { byIban, chosen: chosen ? leftAt(chosen) : null };
}

/**
 * POST /api/banking/statements?client=1001[&account=<id>][&accounts=<json>][&preview=1[&skip=3][&mapping=<json>]] (bearer token,
 * adm or ban; multipart field `file`): camt.052/053/054 XML or ZIP, MT940/MT942, a bank's CSV export. The answer
 * is the import record (201) with counts, the recognised bank and format, and what reconciling the statements
 * found; `preview=1` answers what the file is (StatementPreview) and records nothing. A file that is not a
 * readable statement is a BadRequest naming the line or element; nothing is recorded then. Who may import for
 * the client is checked before the file is read; the file waits on disk and is read in a worker thread, never
 * on the event loop (a reader is started once the upload is authorized, so it is ready when the file is).
 */
export function statementsRouter(
  authenticator: Authenticator,
  store: ReadStore,
  importer: StatementImporter,
  diskUploads: DiskUploads,
  maxBytes: number,
): Router {
  const router = Router();
  const accountOf = (id: string) => store.get(BANK_ACCOUNTS, id);

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
        const account = accountId ? await accountOf(accountId) : null;
        if (accountId && (!account || account.client_no !== clientNo)) throw NotFound(`No record found for id '${accountId}'`);
        const accounts = accountChoices(req);
        const mapping = unsavedMapping(req);
        for (const id of Object.values(accounts)) {
          const chosen = await accountOf(id);
          if (!chosen || chosen.client_no !== clientNo) throw NotFound(`No record found for id '${id}'`);
        }
        // Authorized: a reader starts while the body arrives (its start no longer follows the upload).
        warmStatementReader();
        return { user, clientNo, accountId, account, accounts, mapping };
      },
      accept: async ({ user, clientNo, accountId, account, accounts, mapping }, files, req, res) => {
        const file = files[0];
        if (!file?.path || (await stat(file.path)).size === 0) throw BadRequest('The statement file is empty.');
        const fileName = file.originalName;
        const csvMapping = mapping ?? account?.csv_mapping ?? null;
        try {
          if (req.query.preview) {
            const skipLines = Number(req.query.skip ?? csvMapping?.skipLines ?? 0) || 0;
            const previous = await previousBalances(store, clientNo, account);
            const { table, ...preview } = await previewFileInWorker({ path: file.path, csvMapping, currency: account?.currency ?? 'EUR', skipLines, previous });
            const answer: StatementPreview = { fileName, ...preview, columns: table.columns, rows: table.rows, delimiter: table.delimiter };
            res.status(200).json(answer);
            return;
          }
          const read = await parseFileInWorker({ path: file.path, csvMapping, currency: account?.currency ?? 'EUR' });
          if (read.statements.length === 0) throw Unprocessable('The file holds no statement.');
          const commandId = typeof req.query.commandId === 'string' && req.query.commandId.length <= 100 ? req.query.commandId : undefined;
          const record = await importer.run({
            clientNo,
            fileName,
            file: read,
            accountId,
            accounts,
            rowsNameAccounts: read.format === 'csv' && read.bank === null && Boolean(csvMapping?.ownAccount),
            replacePending: false,
            context: { userId: user.keycloakId, clientNo, ...(commandId ? { commandId } : {}) },
          });
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
