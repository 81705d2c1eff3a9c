import { CASH_REGISTER_STATES, FON_MESSAGES, FON_USER_TYPES, Unprocessable } from '@portal/contracts';
import { z } from 'zod';

/**
 * Shapes of the calls. A number field also takes a text, so "12a" reaches the domain, which answers the spec's
 * "must be a number"; an empty text reaches it too ("Required field"). Secrets: empty or absent keeps the
 * current one.
 */
const numberLike = z.union([z.number(), z.string().max(30)]);
const text = (max: number) => z.string().max(max);
const secret = z.string().max(200).optional();

export const firmCreateSchema = z.strictObject({ name: text(300), ntcs_id: numberLike, webeku_user: text(200).nullable().optional(), webeku_password: secret });
export const firmPatchSchema = z.strictObject({
  name: text(300).optional(),
  ntcs_id: numberLike.optional(),
  webeku_user: text(200).nullable().optional(),
  webeku_password: secret,
});

export const fonUserCreateSchema = z.strictObject({
  firm_id: z.string().min(1).max(100),
  name: text(200),
  quota_year: numberLike,
  type: z.enum(FON_USER_TYPES),
  tid: numberLike.nullable().optional(),
  benid: text(100).nullable().optional(),
  pin: secret,
});
export const fonUserPatchSchema = fonUserCreateSchema.partial().omit({ firm_id: true });

export const webServiceImportSchema = z.strictObject({ fon_user_id: z.string().min(1).max(100), tax_year: z.number().int().min(2020).max(2100).optional() });

export const relevanceSchema = z.strictObject({ not_relevant: z.boolean(), remark: text(500).nullable().optional() });
export const resolveSchema = z.strictObject({ remark: text(1000) });

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD');
const instant = z.string().datetime({ offset: true });
export const registerCreateSchema = z.strictObject({
  firm_id: z.string().min(1).max(100),
  client_no: z.number().int().positive().nullable().optional(),
  tax_id: text(20),
  name: text(200),
  reg_kassa_id: text(100),
  registered_date: date,
  status: z.enum(CASH_REGISTER_STATES),
  status_time: instant.optional(),
});
export const registerPatchSchema = z.union([
  z.strictObject({ status: z.enum(CASH_REGISTER_STATES), status_time: instant.optional() }),
  z.strictObject({ annual_receipt_checked: z.number().int() }),
]);

/** "4711" → 4711; an empty text is "Required field", any other text "must be a number" (spec §5). */
export function numberField(value: number | string, field: string): number {
  if (typeof value === 'number') return value;
  const t = value.trim();
  if (t === '') throw Unprocessable(FON_MESSAGES.required, { key: 'required', field });
  if (!/^\d+$/.test(t)) throw Unprocessable(FON_MESSAGES.mustBeNumber, { key: 'mustBeNumber', field });
  return Number(t);
}
