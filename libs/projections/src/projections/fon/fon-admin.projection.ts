import type { FonFirm, FonUser } from '@portal/contracts';
import {
  CASH_REGISTER_EVENT_TYPES,
  FIRM_EVENT_TYPES,
  FON_IMPORT_EVENT_TYPES,
  FON_USER_EVENT_TYPES,
  formatTaxId,
  normalizeTaxId,
  type CashRegisterEvent,
  type FirmEvent,
  type FonImportEvent,
  type FonUserEvent,
  domainEventOf,
} from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import {
  collectionSpecs,
  FON_FIRMS,
  FON_USERS,
  FON_IMPORTS,
  CASH_REGISTERS,
  SEALED_SECRETS,
  type StoredFonImport as StoredImport,
  put,
  remove,
} from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../../runtime/projection';

const idOf = (streamId: string, prefix: string) => streamId.slice(prefix.length);

async function firm(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const event = domainEventOf<FirmEvent>(recorded);
  const id = idOf(recorded.streamId, 'firm-');
  const at = recorded.metadata.time;
  if (event.type === 'FirmRegistered') {
    const d = event.data;
    const record: FonFirm = {
      id,
      name: d.name,
      ntcs_id: d.ntcsId,
      webeku_user: d.webekuUser,
      webeku_password_set: d.webekuPassword !== null,
      revision: recorded.revision,
      created_at: at,
      updated_at: at,
    };
    return [put(FON_FIRMS, record), ...(d.webekuPassword ? [put(SEALED_SECRETS, { id: `firm:${id}`, secret: d.webekuPassword })] : [])];
  }
  const current = await view.get(FON_FIRMS, id);
  if (!current) return [];
  if (event.type === 'FirmRemoved') return [remove(FON_FIRMS, id), remove(SEALED_SECRETS, `firm:${id}`)];
  const c = event.data.changes;
  const next: FonFirm = {
    ...current,
    ...(c.name === undefined ? {} : { name: c.name }),
    ...(c.ntcsId === undefined ? {} : { ntcs_id: c.ntcsId }),
    ...(c.webekuUser === undefined ? {} : { webeku_user: c.webekuUser }),
    webeku_password_set: current.webeku_password_set || !!event.data.webekuPassword,
    revision: recorded.revision,
    updated_at: at,
  };
  return [put(FON_FIRMS, next), ...(event.data.webekuPassword ? [put(SEALED_SECRETS, { id: `firm:${id}`, secret: event.data.webekuPassword })] : [])];
}

async function fonUser(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const event = domainEventOf<FonUserEvent>(recorded);
  const id = idOf(recorded.streamId, 'fon-user-');
  const at = recorded.metadata.time;
  if (event.type === 'FonUserRegistered') {
    const d = event.data;
    const record: FonUser = {
      id,
      firm_id: d.firmId,
      name: d.name,
      quota_year: d.quotaYear,
      type: d.type,
      tid: d.tid,
      benid: d.benid,
      pin_set: d.pin !== null,
      revision: recorded.revision,
      updated_at: at,
    };
    return [put(FON_USERS, record), ...(d.pin ? [put(SEALED_SECRETS, { id: `fon-user:${id}`, secret: d.pin })] : [])];
  }
  const current = await view.get(FON_USERS, id);
  if (!current) return [];
  if (event.type === 'FonUserRemoved') return [remove(FON_USERS, id), remove(SEALED_SECRETS, `fon-user:${id}`)];
  const c = event.data.changes;
  const next: FonUser = {
    ...current,
    ...(c.firmId === undefined ? {} : { firm_id: c.firmId }),
    ...(c.name === undefined ? {} : { name: c.name }),
    ...(c.quotaYear === undefined ? {} : { quota_year: c.quotaYear }),
    ...(c.type === undefined ? {} : { type: c.type }),
    ...(c.tid === undefined ? {} : { tid: c.tid }),
    ...(c.benid === undefined ? {} : { benid: c.benid }),
    pin_set: current.pin_set || !!event.data.pin,
    revision: recorded.revision,
    updated_at: at,
  };
  return [put(FON_USERS, next), ...(event.data.pin ? [put(SEALED_SECRETS, { id: `fon-user:${id}`, secret: event.data.pin })] : [])];
}

/**
 * The job as stored: with the file's hash, the portal process that runs it and its last sign of life (a restart
 * fails the jobs of its own process and the ones whose process went quiet; fon-importer.ts).
 */

async function fonImport(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const event = domainEventOf<FonImportEvent>(recorded);
  const id = idOf(recorded.streamId, 'fon-import-');
  const at = recorded.metadata.time;
  if (event.type === 'FonImportStarted') {
    const d = event.data;
    const record: StoredImport = {
      id,
      firm_id: d.firmId,
      fon_user_id: d.fonUserId,
      source: d.source,
      tax_year: d.taxYear,
      file_name: d.fileName,
      file_sha256: d.fileSha256,
      status: 'in progress',
      counts: null,
      rejected_rows: [],
      reason: null,
      started_at: at,
      finished_at: null,
      started_by: recorded.metadata.userId,
      revision: recorded.revision,
      instance: d.instance ?? null,
      heartbeat_at: at,
    };
    return [put(FON_IMPORTS, record)];
  }
  const current = await view.get(FON_IMPORTS, id);
  if (!current) return [];
  if (event.type === 'FonImportHeartbeat') return [put(FON_IMPORTS, { ...current, heartbeat_at: at, revision: recorded.revision })];
  const done = event.type === 'FonImportCompleted';
  return [
    put(FON_IMPORTS, {
      ...current,
      status: done ? 'done' : 'failed',
      counts: done ? event.data.counts : null,
      rejected_rows: done ? event.data.rejected : [],
      reason: done ? null : event.data.reason,
      finished_at: at,
      revision: recorded.revision,
    }),
  ];
}

async function cashRegister(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const event = domainEventOf<CashRegisterEvent>(recorded);
  const id = idOf(recorded.streamId, 'cash-register-');
  const at = recorded.metadata.time;
  if (event.type === 'CashRegisterRegistered') {
    const d = event.data;
    return [
      put(CASH_REGISTERS, {
        id,
        firm_id: d.firmId,
        client_no: d.clientNo,
        taxId: formatTaxId(normalizeTaxId(d.taxId)),
        name: d.name,
        regKassaId: d.regKassaId,
        status: d.status,
        status_time: d.statusTime,
        registered_date: d.registeredDate,
        checked_years: [],
        revision: recorded.revision,
        updated_at: at,
      }),
    ];
  }
  const current = await view.get(CASH_REGISTERS, id);
  if (!current) return [];
  switch (event.type) {
    case 'CashRegisterStatusChanged':
      return [put(CASH_REGISTERS, { ...current, status: event.data.status, status_time: event.data.statusTime, revision: recorded.revision, updated_at: at })];
    case 'AnnualReceiptChecked':
      return [
        put(CASH_REGISTERS, {
          ...current,
          checked_years: [...(current.checked_years as number[]), event.data.year].sort(),
          revision: recorded.revision,
          updated_at: at,
        }),
      ];
    case 'CashRegisterRemoved':
      return [remove(CASH_REGISTERS, id)];
  }
}

/** fon_firms, fon_users (secrets only as "set"), fon_imports, cash_registers and the sealed secrets apart. */
export const fonAdminProjection: Projection = {
  name: 'fon-admin',
  version: 3,
  collections: collectionSpecs(FON_FIRMS, FON_USERS, FON_IMPORTS, CASH_REGISTERS, SEALED_SECRETS),
  handles: [...FIRM_EVENT_TYPES, ...FON_USER_EVENT_TYPES, ...FON_IMPORT_EVENT_TYPES, ...CASH_REGISTER_EVENT_TYPES],
  async project(recorded, view) {
    if (recorded.streamId.startsWith('firm-')) return firm(recorded, view);
    if (recorded.streamId.startsWith('fon-user-')) return fonUser(recorded, view);
    if (recorded.streamId.startsWith('fon-import-')) return fonImport(recorded, view);
    if (recorded.streamId.startsWith('cash-register-')) return cashRegister(recorded, view);
    return [];
  },
};
