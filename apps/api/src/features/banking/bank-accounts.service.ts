import { stepContext } from '@portal/commands';
import { BANK_ACCOUNT_TYPES, CSV_DATE_FORMATS, NotFound, SERVICES, mayAccessClient } from '@portal/contracts';
import { bankAccountDecider, bankAccountId, bankAccountStreamId, normalizeIban, type BankAccountCommand } from '@portal/domain';
import { BANK_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import { readModelService } from '../../gateway/read-model-service';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { BANKING } from './banking-permissions';

const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
const CENTS = z.number().int('Whole cents.').min(-1e13).max(1e13);
const column = z.string().trim().max(100).nullable();
export const csvMappingSchema = z.strictObject({
  delimiter: z.enum([';', ',', '\t']).nullable(),
  decimal: z.enum([',', '.']),
  dateFormat: z.enum(CSV_DATE_FORMATS),
  skipLines: z.number().int().min(0).max(50),
  bookingDate: z.string().trim().min(1, 'Choose the booking date column.').max(100),
  valueDate: column,
  amount: column,
  debit: column,
  credit: column,
  counterpartyName: column,
  counterpartyIban: column,
  remittance: column,
  reference: column,
  currency: column,
  debitMark: column.optional(),
  debitMarkText: z.string().trim().max(20).nullable().optional(),
  headerless: z.boolean().optional(),
  ownAccount: column.optional(),
  balanceAfter: column.optional(),
  status: column.optional(),
  fee: column.optional(),
});

const details = {
  bic: z.string().trim().max(11).nullable(),
  bank_name: z.string().trim().max(80),
  type: z.enum(BANK_ACCOUNT_TYPES),
  currency: z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 code such as EUR.'),
  label: z.string().trim().max(80),
  opening_balance_cents: CENTS,
  opening_date: DATE,
};
const createSchema = z.strictObject({ client_no: z.number().int().positive(), iban: z.string().trim().min(1, 'IBAN invalid').max(42), ...details });
const patchSchema = z
  .strictObject({ ...details, archived: z.boolean(), csv_mapping: csvMappingSchema.nullable() })
  .partial()
  .refine((d) => Object.keys(d).length > 0, 'Nothing to change.');

const FIELDS = [
  'client_no',
  'iban',
  'type',
  'archived',
  'label',
  'bank_name',
  'currency',
  'access_id',
  'last_booking_date',
  'last_statement_date',
  'balance_cents',
  'created_at',
] as const;

/**
 * bank-accounts (adm or ban, client scope): find by client_no, get; create { client_no, iban, bic, bank_name,
 * type, currency, label, opening_balance_cents, opening_date } (IBAN checked with ibantools); patch the
 * details, `archived` (archive / restore) or `csv_mapping` (the bank's CSV columns).
 */
export function bankAccountsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: BANK_ACCOUNTS,
    fields: FIELDS,
    defaultLimit: 50,
    maxLimit: 500,
    clientField: 'client_no',
    read: BANKING,
    parseId: (raw) => String(raw),
  });

  const create = async (context: CallContext, raw: Record<string, unknown> | null) => {
    const d = validate(createSchema, raw, 'bank account');
    if (!mayAccessClient(context.user, d.client_no)) throw NotFound(`No record found for id '${d.client_no}'`);
    const iban = normalizeIban(d.iban);
    const id = bankAccountId(d.client_no, iban);
    await commands.send(
      bankAccountDecider,
      bankAccountStreamId(id),
      {
        type: 'OpenBankAccount',
        clientNo: d.client_no,
        iban,
        bic: d.bic,
        bankName: d.bank_name,
        accountType: d.type,
        currency: d.currency,
        label: d.label,
        openingBalanceCents: d.opening_balance_cents,
        openingDate: d.opening_date,
      },
      commandContextOf(context, d.client_no),
    );
    return base.present(await base.load(context.user, id));
  };

  const patch = async (context: CallContext, rawId: string | number | null, raw: Record<string, unknown> | null) => {
    const current = await base.load(context.user, rawId);
    const d = validate(patchSchema, raw, 'bank account change');
    const ctx = commandContextOf(context, current.client_no);
    const send = (command: BankAccountCommand, step: string) =>
      commands.send(bankAccountDecider, bankAccountStreamId(current.id), command, stepContext(ctx, step, ctx.expectedRevision));
    if (d.archived === false) await send({ type: 'RestoreBankAccount' }, 'restore');
    const changes = {
      ...(d.bic !== undefined ? { bic: d.bic } : {}),
      ...(d.bank_name !== undefined ? { bankName: d.bank_name } : {}),
      ...(d.type !== undefined ? { accountType: d.type } : {}),
      ...(d.currency !== undefined ? { currency: d.currency } : {}),
      ...(d.label !== undefined ? { label: d.label } : {}),
      ...(d.opening_balance_cents !== undefined ? { openingBalanceCents: d.opening_balance_cents } : {}),
      ...(d.opening_date !== undefined ? { openingDate: d.opening_date } : {}),
    };
    if (Object.keys(changes).length > 0) await send({ type: 'ChangeBankAccount', changes }, 'change');
    if (d.csv_mapping !== undefined) await send({ type: 'SaveCsvMapping', mapping: d.csv_mapping }, 'mapping');
    if (d.archived === true) await send({ type: 'ArchiveBankAccount' }, 'archive');
    return base.present(await base.load(context.user, current.id));
  };

  return {
    path: SERVICES.bankAccounts,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: { anyOf: BANKING, run: (context, args) => create(context, args.data) },
      patch: { anyOf: BANKING, run: (context, args) => patch(context, args.id, args.data) },
    },
  };
}
