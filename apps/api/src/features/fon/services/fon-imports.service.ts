import { NotFound, SERVICES, Unprocessable } from '@portal/contracts';
import { isSealedSecret } from '@portal/domain';
import { FON_IMPORTS, FON_USERS, SEALED_SECRETS, type StoredFonImport } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../../gateway/read-model-service';
import type { ServiceDefinition } from '../../../gateway/service-definition';
import type { SecretBox } from '../../../platform/secret-box';
import { commandContextOf } from '../../command-context';
import { validate } from '../../validate';
import type { QuotaSource } from '../finanzonline/quota-source';
import { webServiceImportSchema } from '../fon.schema';
import { refuseWhileRunning, type FonImporter } from '../imports/fon-importer';
import { ADM } from './adm';

/** What leaves the server: the job without the file's hash and the bookkeeping of the process running it. */
export const presentImport = (doc: StoredFonImport) => {
  const { file_sha256: _s, instance: _i, heartbeat_at: _h, ...rest } = doc;
  return rest;
};

/**
 * fon-imports (adm): the import jobs, newest first with `$sort` (status in progress, done or failed; counts,
 * rejected rows, reason). create `{ fon_user_id, tax_year? }` fetches the quota list with a web-service user
 * (FinanzOnline, or the sandbox in demo mode); files are POST /api/fon/imports.
 */
export function fonImportsService(store: ReadStore, importer: FonImporter, secrets: SecretBox, source: QuotaSource | null): ServiceDefinition {
  const base = readModelService(store, {
    collection: FON_IMPORTS,
    fields: ['firm_id', 'status', 'source', 'tax_year', 'started_at', 'fon_user_id'],
    defaultLimit: 50,
    maxLimit: 500,
    clientField: null,
    read: ADM,
    parseId: (raw) => String(raw),
    present: presentImport,
  });
  return {
    path: SERVICES.fonImports,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ADM,
        async run(context, args) {
          const input = validate(webServiceImportSchema, args.data, 'import');
          const user = await store.get(FON_USERS, input.fon_user_id);
          if (!user) throw NotFound(`No record found for id '${input.fon_user_id}'`);
          if (user.type !== 'webservice' || user.tid === null || !user.benid)
            throw Unprocessable('Only a web-service user fetches from FinanzOnline; import the file of a file user.', { key: 'notWebService' });
          if (!source) throw Unprocessable('The FinanzOnline web service is not set up: set FON_HERSTELLER_ID.', { key: 'webServiceOff' });
          const pin = (await store.get(SEALED_SECRETS, `fon-user:${user.id}`))?.secret;
          if (!isSealedSecret(pin)) throw Unprocessable('The FON user has no PIN; enter it first.', { key: 'noPin' });
          await refuseWhileRunning(store, user.firm_id);
          const taxYear = input.tax_year ?? user.quota_year;
          const credentials = { tid: String(user.tid), benid: user.benid, pin: secrets.open(pin) };
          const importId = await importer.start(
            {
              firmId: user.firm_id,
              source: 'fon-webservice',
              taxYear,
              fonUserId: user.id,
              fileName: null,
              content: null,
              fetch: () => source.fetchQuotaFile(credentials, { firmId: user.firm_id, taxYear }),
            },
            commandContextOf(context, null),
          );
          return presentImport((await store.get(FON_IMPORTS, importId))!);
        },
      },
    },
  };
}
