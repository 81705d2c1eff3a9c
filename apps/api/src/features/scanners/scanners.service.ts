import { randomBytes } from 'node:crypto';
import {
  BadRequest,
  FILING_CATEGORY_CODES,
  mayAccessClient,
  NotFound,
  SERVICES,
  type ScannerRecord,
  type ScannerSettingsData,
  type ScannerWithSecret,
  type User,
} from '@portal/contracts';
import { scannerDecider, scannerStreamId, type FilingCategory, type ScannerSettings } from '@portal/domain';
import { COMPANIES, SCANNERS, USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import { readModelService } from '../../gateway/read-model-service';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { maySeeUserRow } from '../users/administrator-reach';
import { hashScannerSecret, newScannerSecret } from './scanner-secret';

const settingsFields = {
  name: z.string().max(200),
  location: z.string().max(500),
  client_no: z.number().int().positive(),
  assigned_users: z.array(z.string().min(1).max(100)).max(200),
  target: z.enum(['editor', 'extraction']),
  category: z.enum(FILING_CATEGORY_CODES),
};
const createSchema = z.strictObject({
  ...settingsFields,
  category: settingsFields.category.default('ER_U'),
  target: settingsFields.target.default('editor'),
  assigned_users: settingsFields.assigned_users.default([]),
  location: settingsFields.location.default(''),
});
const patchSchema = z.union([
  z.strictObject({ action: z.literal('rotateSecret') }),
  z.strictObject({ activated: z.boolean() }),
  z
    .strictObject(settingsFields)
    .partial()
    .refine((d) => Object.keys(d).length > 0, 'Nothing to change.'),
]);

/** "Empfang Erdgeschoss" → "empfang-erdgeschoss-k3f9": readable in addresses, unique by its suffix. */
export function scannerIdFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);
  return `${slug || 'scanner'}-${randomBytes(3).toString('hex').slice(0, 4)}`;
}

const toSettings = (d: ScannerSettingsData): ScannerSettings => ({
  name: d.name,
  location: d.location,
  clientNo: d.client_no,
  assignedUsers: d.assigned_users,
  target: d.target,
  category: d.category as FilingCategory,
});
const toData = (r: ScannerRecord): ScannerSettingsData => ({
  name: r.name,
  location: r.location,
  client_no: r.client_no,
  assigned_users: r.assigned_users,
  target: r.target,
  category: r.category,
});

/**
 * scanners (Admin group: adm): office scanners with location, activated, last seen and assigned
 * users. create and the rotateSecret patch answer the scanner's secret once (only its hash is kept);
 * `{ activated }` switches a scanner on or off; remove takes it out of service.
 */
export function scannersService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: SCANNERS,
    fields: ['id', 'name', 'location', 'activated', 'last_seen', 'client_no', 'target', 'updated_at', 'created_at'],
    defaultLimit: 100,
    maxLimit: 500,
    clientField: 'client_no',
    read: ['adm'],
    parseId: (raw) => {
      if (typeof raw !== 'string' || !/^[a-z0-9-]{3,40}$/.test(raw)) throw BadRequest(`Invalid id '${String(raw)}'.`);
      return raw;
    },
  });

  /** The scans go to a client the admin may see, and, when users are assigned, to a client of one of them. */
  async function checkTarget(user: User, data: ScannerSettingsData): Promise<void> {
    if (!mayAccessClient(user, data.client_no) || !(await store.get(COMPANIES, data.client_no))) throw NotFound(`No record found for id '${data.client_no}'`);
    // Only users within the administrator's reach may be assigned; the others are unknown to it.
    const users = (await Promise.all(data.assigned_users.map((id) => store.get(USERS, id)))).map((u) => (u && maySeeUserRow(user, u) ? u : null));
    const missing = data.assigned_users.filter((_, i) => !users[i]);
    if (missing.length) throw BadRequest(`Unknown user ${missing.join(', ')}.`);
    const reach = users.some((u) => u && (u.all_clients === true || (u.klienten_array as number[]).includes(data.client_no)));
    if (data.assigned_users.length > 0 && !reach)
      throw BadRequest(`None of the assigned users works for client ${data.client_no}; the scans must go to one of their clients.`);
  }

  const send = (context: CallContext, id: string, clientNo: number, command: Parameters<typeof scannerDecider.decide>[0]) =>
    commands.send(scannerDecider, scannerStreamId(id), command, commandContextOf(context, clientNo));

  return {
    path: SERVICES.scanners,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ['adm'],
        async run(context, args) {
          const data = validate(createSchema, args.data, 'scanner') as ScannerSettingsData;
          await checkTarget(context.user, data);
          const id = scannerIdFor(data.name);
          const secret = newScannerSecret();
          await send(context, id, data.client_no, {
            type: 'RegisterScanner',
            scannerId: id,
            settings: toSettings(data),
            secretHash: hashScannerSecret(secret),
          });
          const record = await base.load(context.user, id);
          return { ...record, secret } satisfies ScannerWithSecret;
        },
      },
      patch: {
        anyOf: ['adm'],
        async run(context, args) {
          const record = await base.load(context.user, args.id);
          const data = validate(patchSchema, args.data, 'scanner change');
          if ('action' in data) {
            const secret = newScannerSecret();
            await send(context, record.id, record.client_no, { type: 'RotateScannerSecret', secretHash: hashScannerSecret(secret) });
            return { ...(await base.load(context.user, record.id)), secret } satisfies ScannerWithSecret;
          }
          if ('activated' in data && typeof data.activated === 'boolean') {
            await send(context, record.id, record.client_no, { type: 'SetScannerActivated', activated: data.activated });
          } else {
            const next = { ...toData(record), ...(data as Partial<ScannerSettingsData>) };
            await checkTarget(context.user, next);
            await send(context, record.id, record.client_no, { type: 'ChangeScanner', settings: toSettings(next) });
          }
          return base.present(await base.load(context.user, record.id));
        },
      },
      remove: {
        anyOf: ['adm'],
        async run(context, args) {
          const record = await base.load(context.user, args.id);
          await send(context, record.id as string, record.client_no as number, { type: 'RemoveScanner' });
          return base.present(record);
        },
      },
    },
  };
}
