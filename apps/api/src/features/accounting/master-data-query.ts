import { BadRequest } from '@portal/contracts';

const wholeNumber = (value: unknown, key: string): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw BadRequest(`${key} must be a whole number or a list of whole numbers.`);
  return n;
};

const wholeNumbers = (value: unknown, key: string): number[] => {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > 100) throw BadRequest(`${key} must name 1 to 100 values.`);
  return list.map((v) => wholeNumber(v, key));
};

export interface AliasOptions {
  /** acc-exp-acc: the company defaults (accounting null) belong to every period. */
  withDefaults?: boolean;
  /** acc-suppliers: `types` [3,4] suppliers, [2,4] customers. */
  types?: boolean;
}

/**
 * The query keys spec §7 names for the acc-* services as read-model filters: `client` is client_no,
 * `acc` one accounting period or a list of them, `types` the person-account types. Every other key
 * is the Feathers common syntax over the record's own fields.
 */
export function aliasMasterDataQuery(raw: Record<string, unknown>, options: AliasOptions = {}): Record<string, unknown> {
  const { client, acc, types, ...query } = raw;
  if (client !== undefined) query.client_no = wholeNumber(client, 'client');
  if (types !== undefined) {
    if (!options.types) throw BadRequest("Unknown query key 'types'.");
    query.type = { $in: wholeNumbers(types, 'types') };
  }
  if (acc !== undefined) {
    const periods = wholeNumbers(acc, 'acc');
    const inPeriods = { accounting: { $in: periods } };
    if (options.withDefaults) return { ...query, $or: [inPeriods, { accounting: null }] };
    Object.assign(query, inPeriods);
  }
  return query;
}
