import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD');
const text = (max: number) => z.string().trim().max(max);
const nullableText = (max: number) => text(max).nullable().optional();

export const sepaSchema = z.object({
  mandate_reference: text(35).min(1),
  scheme: z.enum(['CORE', 'B2B']),
  sequence: z.enum(['RCUR', 'OOFF']),
  creditor_id: text(35).min(1),
  debtor_name: text(70).min(1),
  debtor_iban: z.string().transform((s) => s.replace(/\s+/g, '').toUpperCase()),
  signature_date: date,
});

export const accountDetailsSchema = z
  .object({
    kind: z.enum(['OEGK', 'SVS']).optional(),
    ntcs_id: nullableText(40),
    kanzlei_id: nullableText(40),
    kassa_mandant: nullableText(40),
    responsible: nullableText(120),
    verzugszinsatz_pro_jahr: z.number().min(0).max(30).nullable().optional(),
    sepa: sepaSchema.nullable().optional(),
    pension: z.object({ insurance_number: nullableText(20), pension_type: nullableText(60), since: date.nullable().optional() }).optional(),
    partner: z.object({ name: nullableText(120), insurance_number: nullableText(20), relation: nullableText(60) }).optional(),
    power_of_attorney: z
      .object({ holder: nullableText(120), granted_on: date.nullable().optional(), valid_until: date.nullable().optional(), scope: nullableText(200) })
      .optional(),
  })
  .strict();

export const openAccountSchema = accountDetailsSchema
  .extend({
    company_no: z.number().int().positive(),
    kontonr: z.string().regex(/^\d{1,12}$/, 'an account number has 1 to 12 digits'),
  })
  .strict();

const entrySchema = z
  .object({
    buchungsDatum: date,
    wertstellungsDatum: date.nullable().optional(),
    buchungstext: text(200).min(1),
    beitragszeitraum: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a contribution period is YYYY-MM')
      .nullable()
      .optional(),
    soll: z.number().min(0).optional(),
    haben: z.number().min(0).optional(),
    buchungszustand: z.enum(['', 'MA', 'EX', 'RV', 'I']).optional(),
  })
  .strict();

export const transactionCreateSchema = z.union([
  z
    .object({ account_id: z.string().min(1), import: z.object({ file_name: text(200).min(1), content_base64: z.string().min(1).max(20_000_000) }).strict() })
    .strict(),
  z.object({ account_id: z.string().min(1), entry: entrySchema }).strict(),
]);

export const correctionSchema = entrySchema
  .partial()
  .extend({ reason: text(500).min(1) })
  .strict();

export const rateSchema = z.object({ year: z.number().int().min(2000).max(2100), rate: z.number().min(0).max(30) }).strict();
