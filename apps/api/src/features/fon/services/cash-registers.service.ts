import { randomUUID } from 'node:crypto';
import { NotFound, SERVICES, type CashRegister } from '@portal/contracts';
import { cashRegisterDecider, cashRegisterFlags, cashRegisterStreamId, normalizeTaxId } from '@portal/domain';
import { CASH_REGISTERS, FON_FIRMS } from '@portal/read-models';
import type { Doc, ReadStore } from '@portal/read-store';
import { readModelService } from '../../../gateway/read-model-service';
import type { ServiceDefinition } from '../../../gateway/service-definition';
import type { CommandSender } from '../../../platform/domain-command';
import { commandContextOf } from '../../command-context';
import { validate } from '../../validate';
import { registerCreateSchema, registerPatchSchema } from '../fon.schema';
import { ADM } from './adm';

/** A register as its read model keeps it: the years whose annual receipt was checked, no flags of a day. */
type StoredCashRegister = Omit<CashRegister, keyof ReturnType<typeof cashRegisterFlags> | 'annual_receipt_checked_year'> & { checked_years?: number[] };

/** The register with its RKSV flags as of `now` (an outage over 48 hours, the annual receipt by 15 February). */
export function presentRegister(doc: Doc, now: Date): CashRegister {
  const { checked_years: checked, ...rest } = doc as StoredCashRegister;
  const years = checked ?? [];
  return {
    ...rest,
    annual_receipt_checked_year: years.length ? years[years.length - 1]! : null,
    ...cashRegisterFlags({ status: rest.status, statusTime: rest.status_time, checkedYears: years }, now.toISOString()),
  };
}

/**
 * cash-registers (adm): the clients' RKSV registers (regKassaId, state of spec §3 mapped from FinanzOnline's
 * REGISTRIERT / AKTIVIERT / IN_BETRIEB / AUSFALL, state time, registered date) with the outage and annual-receipt
 * flags; create registers one, patch `{ status, status_time? }` records a state, `{ annual_receipt_checked: year }`
 * the check of the annual receipt; remove takes it off the list.
 */
export function cashRegistersService(store: ReadStore, commands: CommandSender, clock: () => Date = () => new Date()): ServiceDefinition {
  const present = (doc: Doc) => presentRegister(doc, clock());
  const base = readModelService(store, {
    collection: CASH_REGISTERS,
    fields: ['firm_id', 'client_no', 'taxId', 'status', 'name', 'regKassaId', 'status_time', 'registered_date'],
    defaultLimit: 500,
    maxLimit: 10_000,
    clientField: null,
    read: ADM,
    parseId: (raw) => String(raw),
    present,
  });
  const load = async (id: string) => present((await store.get(CASH_REGISTERS, id))!);
  return {
    path: SERVICES.cashRegisters,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ADM,
        async run(context, args) {
          const input = validate(registerCreateSchema, args.data, 'cash register');
          if (!(await store.get(FON_FIRMS, input.firm_id))) throw NotFound(`No record found for id '${input.firm_id}'`);
          const registerId = randomUUID();
          const values = {
            firmId: input.firm_id,
            clientNo: input.client_no ?? null,
            taxId: normalizeTaxId(input.tax_id),
            name: input.name,
            regKassaId: input.reg_kassa_id,
            registeredDate: input.registered_date,
          };
          await commands.send(
            cashRegisterDecider,
            cashRegisterStreamId(registerId),
            { type: 'RegisterCashRegister', registerId, values, status: input.status, statusTime: input.status_time ?? clock().toISOString() },
            commandContextOf(context, values.clientNo),
          );
          return load(registerId);
        },
      },
      patch: {
        anyOf: ADM,
        async run(context, args) {
          const register = present(await base.load(context.user, args.id));
          const input = validate(registerPatchSchema, args.data, 'cash register');
          const command =
            'annual_receipt_checked' in input
              ? { type: 'CheckAnnualReceipt' as const, year: input.annual_receipt_checked }
              : { type: 'ChangeCashRegisterStatus' as const, status: input.status, statusTime: input.status_time ?? clock().toISOString() };
          await commands.send(cashRegisterDecider, cashRegisterStreamId(register.id), command, commandContextOf(context, register.client_no));
          return load(register.id);
        },
      },
      remove: {
        anyOf: ADM,
        async run(context, args) {
          const register = present(await base.load(context.user, args.id));
          await commands.send(
            cashRegisterDecider,
            cashRegisterStreamId(register.id),
            { type: 'RemoveCashRegister' },
            commandContextOf(context, register.client_no),
          );
          return register;
        },
      },
    },
  };
}
