import { z } from 'zod';

const text = (max: number) => z.string().max(max).nullable();
const account = z
  .string()
  .regex(/^\d{6}$/, 'Six digits required')
  .nullable();

export const accountsSchema = z
  .array(z.strictObject({ client_no: z.number().int().positive(), supplier_account: account, customer_account: account }))
  .max(500);

export const addressFieldsSchema = z.strictObject({
  name: z.string().max(200),
  legal_form: text(60),
  street: text(200),
  postcode: text(12),
  place: text(100),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter ISO code')
    .nullable(),
  vat_id: text(20),
  tax_number: text(30),
  register_number: text(40),
  ibans: z.array(z.string().max(42)).max(20),
  email: text(200),
  phone: text(40),
});

export const createSchema = addressFieldsSchema
  .partial()
  .extend({ name: z.string().max(200), accounts: accountsSchema.optional(), rpa: z.boolean().optional() });

export const editSchema = addressFieldsSchema
  .partial()
  .extend({ accounts: accountsSchema.optional() })
  .refine((d) => Object.keys(d).length > 0, 'Nothing to change.');

export const patchActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('merge'), source: z.number().int().positive() }),
  z.strictObject({ action: z.literal('check-vat') }),
]);

export const rpaSchema = z.strictObject({ rpa: z.boolean() });
