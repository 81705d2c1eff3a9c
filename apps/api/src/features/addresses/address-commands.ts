import { createHash, randomInt } from 'node:crypto';
import { stepContext } from '@portal/commands';
import { BadRequest, Conflict, NotFound, type AddressClientAccounts, type AddressFields, type AddressRecord } from '@portal/contracts';
import {
  addressDecider,
  addressStreamId,
  normalizeVatId,
  rpaDatabaseDecider,
  RPA_DATABASE_STREAM_ID,
  type AddressCommand,
  type RpaCommand,
} from '@portal/domain';
import { ADDRESSES } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';
import type { CallContext } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { rpaFailure } from './address-errors';
import { checkVatId } from './vat-check';
import type { ViesPort } from './vies/vies.port';

/** A new address's id: derived from the command id (a retried create lands on the same stream), else random. */
export function newAddressId(commandId: string | undefined): number {
  if (!commandId) return randomInt(1, 2 ** 47);
  return (Number.parseInt(createHash('sha256').update(`address:${commandId}`).digest('hex').slice(0, 12), 16) % (2 ** 47 - 1)) + 1;
}

/**
 * The steps of an address change that touch the address stream and the RPA database stream. Each step's
 * command id derives from the call's, so a retried call finishes what a broken one started.
 */
export class AddressCommands {
  constructor(
    private readonly store: ReadStore,
    private readonly commands: CommandSender,
    private readonly vies: ViesPort,
  ) {}

  private context(call: CallContext, step: string, revision?: number) {
    const base = commandContextOf({ ...call, revision: undefined }, null);
    return stepContext(base, step, revision);
  }

  private address(call: CallContext, id: number, command: AddressCommand, step: string, revision?: number) {
    return this.commands.send(addressDecider, addressStreamId(id), command, this.context(call, step, revision));
  }

  private async rpa(call: CallContext, command: RpaCommand, step: string): Promise<void> {
    try {
      await this.commands.send(rpaDatabaseDecider, RPA_DATABASE_STREAM_ID, command, this.context(call, step));
    } catch (error) {
      throw rpaFailure(error);
    }
  }

  async load(id: number): Promise<AddressRecord> {
    const doc = await this.store.get(ADDRESSES, id);
    if (!doc) throw NotFound(`No record found for id '${id}'`);
    return doc;
  }

  private async loadActive(id: number): Promise<AddressRecord> {
    const doc = await this.load(id);
    if (doc.status === 'merged') throw Conflict(`The address was merged into address ${doc.merged_into}.`, { merged_into: doc.merged_into });
    if (doc.status === 'deleted') throw Conflict('The address was deleted.');
    return doc;
  }

  /** RPA first (the spec's rules may refuse it); an address whose creation then fails is withdrawn again. */
  async create(call: CallContext, fields: Partial<AddressFields> & { name: string }, accounts: AddressClientAccounts[], rpa: boolean): Promise<number> {
    const id = newAddressId(call.commandId);
    if (rpa) await this.rpa(call, { type: 'RegisterRpaAddress', addressId: id, name: fields.name, vatId: normalizedVat(fields.vat_id) }, 'rpa');
    try {
      await this.address(call, id, { type: 'CreateAddress', addressId: id, fields, accounts }, 'create');
    } catch (error) {
      if (rpa)
        await this.rpa(call, { type: 'WithdrawRpaAddress', addressId: id, reason: 'The address could not be created.' }, 'rpa-undo').catch(() => undefined);
      throw error;
    }
    return id;
  }

  async edit(call: CallContext, id: number, fields: Partial<AddressFields>, accounts: AddressClientAccounts[] | undefined): Promise<void> {
    const current = await this.loadActive(id);
    if (current.rpa && (fields.name !== undefined || fields.vat_id !== undefined)) {
      await this.rpa(
        call,
        {
          type: 'UpdateRpaAddress',
          addressId: id,
          name: fields.name ?? current.name,
          vatId: fields.vat_id === undefined ? current.vat_id : normalizedVat(fields.vat_id),
        },
        'rpa',
      );
    }
    if (Object.keys(fields).length > 0) await this.address(call, id, { type: 'EditAddress', fields }, 'edit', call.revision);
    if (accounts) await this.address(call, id, { type: 'ChangeAddressAccounts', accounts }, 'accounts');
  }

  async setRpa(call: CallContext, id: number, rpa: boolean): Promise<void> {
    const current = await this.loadActive(id);
    if (rpa) await this.rpa(call, { type: 'RegisterRpaAddress', addressId: id, name: current.name, vatId: current.vat_id }, 'rpa');
    else await this.rpa(call, { type: 'WithdrawRpaAddress', addressId: id, reason: 'Removed from the RPA database.' }, 'rpa');
  }

  /** The duplicate `sourceId` goes into `targetId`; both histories stay. An RPA duplicate hands its place to the survivor. */
  async merge(call: CallContext, targetId: number, sourceId: number): Promise<void> {
    if (targetId === sourceId) throw BadRequest('An address cannot be merged with itself.');
    const target = await this.loadActive(targetId);
    const source = await this.loadActive(sourceId);
    if (source.rpa) await this.rpa(call, { type: 'WithdrawRpaAddress', addressId: sourceId, reason: `Merged into address ${targetId}.` }, 'rpa-source');
    const fields = fieldsOf(source);
    await this.address(call, targetId, { type: 'AbsorbAddress', sourceId, source: { fields, accounts: source.accounts } }, 'absorb');
    await this.address(call, sourceId, { type: 'MarkAddressMerged', targetId }, 'merged');
    if (source.rpa && !target.rpa) {
      const merged = await this.load(targetId);
      await this.rpa(call, { type: 'RegisterRpaAddress', addressId: targetId, name: merged.name, vatId: merged.vat_id }, 'rpa-target');
    }
  }

  async remove(call: CallContext, id: number): Promise<AddressRecord> {
    const current = await this.loadActive(id);
    if (current.rpa) await this.rpa(call, { type: 'WithdrawRpaAddress', addressId: id, reason: 'The address was deleted.' }, 'rpa');
    await this.address(call, id, { type: 'DeleteAddress' }, 'delete');
    return current;
  }

  /** Checks the VAT ID (format, then VIES) and records the check, whatever its result. */
  async checkVat(call: CallContext, id: number): Promise<void> {
    const current = await this.loadActive(id);
    const check = await checkVatId(current.vat_id, current.country, this.vies);
    await this.address(call, id, { type: 'RecordVatCheck', check }, 'vat-check');
  }
}

const normalizedVat = (value: string | null | undefined) => (value ? normalizeVatId(value) || null : null);

function fieldsOf(doc: AddressRecord): AddressFields {
  const { name, legal_form, street, postcode, place, country, vat_id, tax_number, register_number, ibans, email, phone } = doc;
  return { name, legal_form, street, postcode, place, country, vat_id, tax_number, register_number, ibans, email, phone };
}
