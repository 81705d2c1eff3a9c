import { DOCUMENT_TYPES, FILING_CATEGORY_CODES, LABEL_FIELDS, PAYMENT_METHODS, type Permission } from '@portal/contracts';
import { z } from 'zod';

const text = z.string().max(500).nullable().optional();
const amount = z.number().nullable().optional();
const date = z.string().max(10).nullable().optional();

const fieldsSchema = z.strictObject({
  title: z.string().max(200).optional(),
  category: z.enum(FILING_CATEGORY_CODES).optional(),
  subject: text,
  invoice_number: text,
  biller: text,
  recipient: text,
  invoice_date: date,
  date_received: date,
  currency: z.string().max(3).nullable().optional(),
  net_amount: amount,
  tax_amount: amount,
  gross_amount: amount,
  tax_rate: amount,
  tax_code: text,
  cost_center: text,
  payment_method: z.enum(PAYMENT_METHODS).nullable().optional(),
  due_date: date,
  discount_percent: amount,
  discount_due_date: date,
  accrual_start: date,
  accrual_end: date,
  payment_reference: text,
  iban: z.string().max(50).nullable().optional(),
  supplier_account: z.string().max(20).nullable().optional(),
  expense_account: z.string().max(20).nullable().optional(),
  document_type: z.enum(DOCUMENT_TYPES).nullable().optional(),
});

/** The `documents patch` shapes of DocumentPatch (libs/contracts). */
export const documentPatchSchema = z.union([
  z.strictObject({ fields: fieldsSchema.refine((d) => Object.keys(d).length > 0, 'Nothing to change.') }),
  z.strictObject({ action: z.literal('confirm'), reason: z.string().max(1000).optional() }),
  z.strictObject({
    action: z.literal('label'),
    label_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    field: z.enum(LABEL_FIELDS),
    box: z.strictObject({
      page: z.number().int().min(1).max(10_000),
      x: z.number().min(0).max(20_000),
      y: z.number().min(0).max(20_000),
      width: z.number().positive().max(20_000),
      height: z.number().positive().max(20_000),
    }),
    text: z.string().max(500),
    value: z.union([z.string().max(200), z.number()]),
  }),
  z.strictObject({ action: z.literal('undo-label'), label_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  z.strictObject({ payroll: z.boolean() }),
  z.strictObject({ action: z.literal('book') }),
  z.strictObject({ action: z.literal('mark-exported'), status: z.enum(['imported', 'error', 'info']), reason: z.string().max(500) }),
  z
    .strictObject({ title: z.string().max(200).optional(), category: z.enum(FILING_CATEGORY_CODES).optional(), deleted: z.boolean().optional() })
    .refine((d) => Object.keys(d).length > 0, 'Nothing to change.'),
]);

export type DocumentPatchData = z.infer<typeof documentPatchSchema>;

export type PatchOperation = 'file' | 'edit' | 'correct' | 'confirm' | 'book' | 'mark-exported' | 'label' | 'undo-label' | 'payroll';

/** Who may do what inside `documents patch` (spec §6): checked per document, as `correct` depends on its state. */
export const PATCH_PERMISSIONS: Record<PatchOperation, { anyOf: Permission[]; what: string }> = {
  file: { anyOf: ['doc'], what: 'Renaming, refiling or trashing a document' },
  edit: { anyOf: ['app', 'acc', 'lab'], what: 'Editing the fields of a document' },
  correct: { anyOf: ['app'], what: 'Correcting a confirmed document' },
  confirm: { anyOf: ['app'], what: 'Confirming a document' },
  book: { anyOf: ['acc'], what: 'Booking a document into the accounting system' },
  'mark-exported': { anyOf: ['exp'], what: 'Marking a document as imported' },
  label: { anyOf: ['lab'], what: 'Labeling a document' },
  'undo-label': { anyOf: ['lab'], what: 'Undoing a label' },
  payroll: { anyOf: ['dpv'], what: 'Marking a payroll document' },
};

/** Every permission that allows at least one patch operation: the gateway's first check. */
export const ANY_PATCH_PERMISSION: Permission[] = [...new Set(Object.values(PATCH_PERMISSIONS).flatMap((p) => p.anyOf))];

export function operationOf(data: DocumentPatchData, confirmed: boolean): PatchOperation {
  if ('action' in data) return data.action;
  if ('payroll' in data) return 'payroll';
  if ('fields' in data) return confirmed ? 'correct' : 'edit';
  return 'file';
}
