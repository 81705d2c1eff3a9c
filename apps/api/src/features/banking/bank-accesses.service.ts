import { randomUUID } from 'node:crypto';
import { stepContext } from '@portal/commands';
import {
  BadRequest,
  Unavailable,
  BANK_ACCESS_SOURCES,
  NotFound,
  PSD2_MAX_VALID_DAYS,
  SERVICES,
  Unprocessable,
  mayAccessClient,
  type BankAccess,
} from '@portal/contracts';
import {
  accessValidity,
  bankAccessDecider,
  bankAccessStreamId,
  bankAccountDecider,
  bankAccountId,
  bankAccountStreamId,
  type BankAccessCommand,
} from '@portal/domain';
import { noIntermediate } from '@portal/bank-statements';
import { BANK_ACCESSES, BANK_ACCOUNTS, type StoredBankAccess } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import { readModelService } from '../../gateway/read-model-service';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import type { BankingConfig } from './banking-config';
import { BANKING } from './banking-permissions';
import { BankConnectorError, type BankConnector, type RemoteAccount } from './sources/bank-connector';
import type { StatementImporter } from './statement-import';

const DAY_MS = 86_400_000;
/** A first read fetches this far back (aggregators' default max_historical_days is 90; the sandbox gives a year). */
const FIRST_READ_DAYS = { sandbox: 365, gocardless: 90 } as const;

const createSchema = z.strictObject({
  client_no: z.number().int().positive(),
  source: z.enum(BANK_ACCESS_SOURCES),
  institution_id: z.string().trim().min(1).max(100),
  valid_days: z.number().int().min(1).max(PSD2_MAX_VALID_DAYS, `A consent lasts at most ${PSD2_MAX_VALID_DAYS} days (PSD2).`).optional(),
  redirect: z.string().url().max(500).optional(),
});
const patchSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('renew'),
    valid_days: z.number().int().min(1).max(PSD2_MAX_VALID_DAYS).optional(),
    redirect: z.string().url().max(500).optional(),
  }),
  z.strictObject({ action: z.literal('complete') }),
  z.strictObject({ action: z.literal('update'), account_ids: z.array(z.string().min(1).max(80)).min(1, 'An access covers at least one account.').max(50) }),
  z.strictObject({ action: z.literal('revoke') }),
  z.strictObject({ action: z.literal('sync') }),
]);

const FIELDS = ['client_no', 'source', 'institution_id', 'valid_until', 'revoked_at', 'granted_at', 'updated_at'] as const;

export interface AccessDeps {
  store: ReadStore;
  commands: CommandSender;
  importer: StatementImporter;
  connectors: Partial<Record<BankAccess['source'], BankConnector>>;
  config: BankingConfig;
}

/** The access as answered: the stored record plus its validity and days left on the server's clock. */
export function presentAccess(access: StoredBankAccess, now: Date, warningDays: number): BankAccess {
  const { validity, daysLeft } = accessValidity(
    { grantedAt: access.granted_at, validUntil: access.valid_until, revokedAt: access.revoked_at },
    now,
    warningDays,
  );
  return { ...access, validity, days_left: daysLeft };
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Bank accesses (adm or ban, client scope). create { client_no, source, institution_id, valid_days? } starts a
 * consent (the sandbox grants it at once and reads the accounts; an aggregator answers a link to open);
 * patch { action: renew | complete | update | revoke | sync }. The answer carries `validity` and `days_left`.
 */
export function bankAccessesService(deps: AccessDeps): ServiceDefinition {
  const { store, commands, config } = deps;
  const present = (doc: StoredBankAccess) => presentAccess(doc, config.clock(), config.warningDays);
  const base = readModelService(store, {
    collection: BANK_ACCESSES,
    fields: FIELDS,
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'client_no',
    read: BANKING,
    parseId: (raw) => String(raw),
    present,
  });

  const connectorOf = (source: BankAccess['source']) => {
    const connector = deps.connectors[source];
    if (!connector)
      throw Unprocessable(
        source === 'gocardless' ? 'The aggregator is not configured (GOCARDLESS_SECRET_ID, GOCARDLESS_SECRET_KEY).' : `Unknown source ${source}.`,
      );
    return connector;
  };
  const bank = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof BankConnectorError) throw Unavailable(`The bank did not answer as expected: ${e.message}`);
      throw e;
    }
  };
  const send = (context: CallContext, clientNo: number, accessId: string, command: BankAccessCommand, step: string) => {
    const ctx = commandContextOf(context, clientNo);
    return commands.send(bankAccessDecider, bankAccessStreamId(accessId), command, stepContext(ctx, step));
  };

  /** Opens the portal accounts for the bank's accounts that the client has none for yet. */
  const ensureAccounts = async (context: CallContext, clientNo: number, remote: RemoteAccount[], from: string) => {
    for (const r of remote) {
      const id = bankAccountId(clientNo, r.iban);
      if (await store.get(BANK_ACCOUNTS, id)) continue;
      await commands.send(
        bankAccountDecider,
        bankAccountStreamId(id),
        {
          type: 'OpenBankAccount',
          clientNo,
          iban: r.iban,
          bic: r.bic,
          bankName: r.bankName,
          accountType: r.accountType ?? (/spar|savings|rücklage/i.test(r.name) ? 'savings' : 'checking'),
          currency: r.currency,
          label: r.name,
          openingBalanceCents: 0,
          openingDate: from,
        },
        { ...commandContextOf(context, clientNo), expectedRevision: undefined, commandId: randomUUID() },
      );
    }
    return remote.map((r) => bankAccountId(clientNo, r.iban));
  };

  /** Reads the covered accounts' transactions and imports them; a new account gets its opening balance from the bank's balance. */
  const sync = async (context: CallContext, access: BankAccess) => {
    if (access.validity === 'expired') throw Unprocessable('The consent has expired; renew the access to read the accounts again.');
    const connector = connectorOf(access.source);
    const remote = (await bank(() => connector.consentedAccounts(access.requisition_id, access.client_no, access.institution_id))) ?? [];
    const today = config.clock().toISOString().slice(0, 10);
    for (const r of remote) {
      const id = bankAccountId(access.client_no, r.iban);
      if (!access.account_ids.includes(id)) continue;
      const account = await store.get(BANK_ACCOUNTS, id);
      if (!account || account.archived) continue;
      const fresh = account.booked_count === 0 && account.opening_balance_cents === 0;
      const from = fresh ? addDays(today, -FIRST_READ_DAYS[access.source]) : addDays(account.last_booking_date ?? today, -7);
      const read = await bank(() => connector.transactions(r, from, today));
      if (fresh && read.closing) {
        const opening = read.closing.amountCents - read.booked.reduce((s, e) => s + e.amountCents, 0);
        await commands.send(
          bankAccountDecider,
          bankAccountStreamId(id),
          { type: 'ChangeBankAccount', changes: { openingBalanceCents: opening, openingDate: from } },
          { ...commandContextOf(context, access.client_no), expectedRevision: undefined, commandId: randomUUID() },
        );
      }
      await deps.importer.run({
        clientNo: access.client_no,
        fileName: `${access.institution_name} ${from} – ${today}`,
        // A read of the bank's transactions is a report: a closing balance, no opening one to reconcile with.
        file: {
          format: access.source,
          bank: access.institution_name,
          skippedLines: [],
          statements: [
            {
              format: access.source,
              kind: 'report',
              statementId: null,
              sequence: null,
              iban: r.iban,
              accountText: r.iban,
              currency: r.currency,
              bic: r.bic,
              bankName: r.bankName,
              from,
              to: today,
              opening: null,
              closing: read.closing,
              intermediate: { ...noIntermediate },
              totals: null,
              entries: [...read.booked, ...read.pending],
            },
          ],
        },
        accountId: id,
        replacePending: true,
        context: { ...commandContextOf(context, access.client_no), commandId: undefined },
      });
    }
    await send(context, access.client_no, access.id, { type: 'RecordBankAccessSync', importId: null }, 'sync');
  };

  /** After consent: the accounts, the grant (or renewal), and a first read. */
  const complete = async (context: CallContext, access: BankAccess) => {
    const connector = connectorOf(access.source);
    const remote = await bank(() => connector.consentedAccounts(access.requisition_id, access.client_no, access.institution_id));
    if (remote === null) throw Unprocessable('The customer has not given consent at the bank yet; open the link and confirm there.');
    if (remote.length === 0) throw Unprocessable('The bank reported no accounts for this consent.');
    const today = config.clock().toISOString().slice(0, 10);
    const ids = await ensureAccounts(context, access.client_no, remote, addDays(today, -FIRST_READ_DAYS[access.source]));
    if (access.granted_at === null) await send(context, access.client_no, access.id, { type: 'GrantBankAccess', accountIds: ids }, 'grant');
    else await send(context, access.client_no, access.id, { type: 'RenewBankAccess' }, 'renew');
    await sync(context, (await load(context, access.id)) as BankAccess);
  };

  const load = async (context: CallContext, id: string | number | null) => present(await base.load(context.user, id));

  const create = async (context: CallContext, raw: Record<string, unknown> | null) => {
    const d = validate(createSchema, raw, 'bank access');
    if (!mayAccessClient(context.user, d.client_no)) throw NotFound(`No record found for id '${d.client_no}'`);
    const connector = connectorOf(d.source);
    const institution = (await bank(() => connector.institutions(null))).find((i) => i.id === d.institution_id);
    if (!institution) throw Unprocessable(`Unknown institution ${d.institution_id}.`);
    const accessId = randomUUID();
    const validDays = Math.min(d.valid_days ?? PSD2_MAX_VALID_DAYS, institution.max_valid_days);
    const start = await bank(() =>
      connector.requestConsent({ clientNo: d.client_no, institutionId: institution.id, validDays, reference: accessId, redirect: d.redirect ?? '' }),
    );
    await send(
      context,
      d.client_no,
      accessId,
      {
        type: 'RequestBankAccess',
        accessId,
        clientNo: d.client_no,
        source: d.source,
        institution: { id: institution.id, name: institution.name },
        validDays,
        requisitionId: start.requisitionId,
        link: start.link,
      },
      'request',
    );
    if (start.granted) await complete(context, await load(context, accessId));
    return load(context, accessId);
  };

  const patch = async (context: CallContext, rawId: string | number | null, raw: Record<string, unknown> | null) => {
    const access = await load(context, rawId);
    const d = validate(patchSchema, raw, 'bank access change');
    switch (d.action) {
      case 'renew': {
        if (access.validity === 'revoked') throw Unprocessable('Cannot renew the access: the access was revoked.');
        const connector = connectorOf(access.source);
        const days = d.valid_days ?? PSD2_MAX_VALID_DAYS;
        const start = await bank(() =>
          connector.requestConsent({
            clientNo: access.client_no,
            institutionId: access.institution_id,
            validDays: days,
            reference: access.id,
            redirect: d.redirect ?? '',
          }),
        );
        await send(
          context,
          access.client_no,
          access.id,
          { type: 'RequestRenewal', validDays: days, requisitionId: start.requisitionId, link: start.link },
          'renewal',
        );
        if (start.granted) await send(context, access.client_no, access.id, { type: 'RenewBankAccess' }, 'renew');
        break;
      }
      case 'complete':
        await complete(context, access);
        break;
      case 'update': {
        const foreign = d.account_ids.filter((id) => !id.startsWith(`${access.client_no}-`));
        if (foreign.length > 0) throw BadRequest(`Accounts of another client: ${foreign.join(', ')}.`);
        await send(context, access.client_no, access.id, { type: 'UpdateBankAccessAccounts', accountIds: d.account_ids }, 'update');
        break;
      }
      case 'revoke':
        if (access.validity !== 'revoked') await bank(() => connectorOf(access.source).revoke(access.requisition_id));
        await send(context, access.client_no, access.id, { type: 'RevokeBankAccess' }, 'revoke');
        break;
      case 'sync':
        if (access.validity === 'revoked' || access.validity === 'pending') throw Unprocessable(`Cannot read the accounts: the access is ${access.validity}.`);
        await sync(context, access);
        break;
    }
    return load(context, access.id);
  };

  return {
    path: SERVICES.bankAccesses,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: { anyOf: BANKING, run: (context, args) => create(context, args.data) },
      patch: { anyOf: BANKING, run: (context, args) => patch(context, args.id, args.data) },
    },
  };
}
