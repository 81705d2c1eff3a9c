import { ALL_PERMISSIONS, LOCALES, bulkEditConflicts, type Permission } from '@portal/contracts';
import { z } from 'zod';

const permission = z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]);
const permissions = z.array(permission).max(ALL_PERMISSIONS.length * 2);
const clients = z.array(z.number().int().positive()).max(10_000);
const name = z.string().max(100);

/** `idp-users create` (IdpUserCreate); a missing or empty password means a generated one-time password. */
export const createSchema = z.strictObject({
  username: z.string().max(100),
  firstName: name.default(''),
  lastName: name.default(''),
  email: z.string().max(254),
  telNr: z.string().max(40).default(''),
  locale: z.enum(LOCALES).default('de'),
  permissions: permissions.default([]),
  klienten: clients.default([]),
  all_clients: z.boolean().default(false),
  excluded: clients.default([]),
  mobileApp: z.boolean().default(false),
  secondFactorRequired: z.boolean().default(false),
  password: z.string().max(1024).optional(),
  passwordRepeat: z.string().max(1024).optional(),
});

/** `idp-users patch` (IdpUserPatch): any of these together. */
export const patchSchema = z
  .strictObject({
    firstName: name.optional(),
    lastName: name.optional(),
    email: z.string().max(254).optional(),
    telNr: z.string().max(40).optional(),
    locale: z.enum(LOCALES).optional(),
    permissions: permissions.optional(),
    klienten: clients.optional(),
    all_clients: z.boolean().optional(),
    excluded: clients.optional(),
    mobileApp: z.boolean().optional(),
    enabled: z.boolean().optional(),
    secondFactorRequired: z.boolean().optional(),
    resetPassword: z.literal(true).optional(),
  })
  .refine((d) => Object.keys(d).length > 0, 'Nothing to change.');

/** `idp-user-bulk create` (IdpBulkEditRequest). */
export const bulkSchema = z
  .strictObject({
    userIds: z.array(z.string().min(1).max(100)).min(1, 'Select at least one user.').max(10_000),
    addPermissions: permissions.default([]),
    removePermissions: permissions.default([]),
    addClients: clients.default([]),
    removeClients: clients.default([]),
    preview: z.boolean(),
  })
  .refine(
    (d) => d.addPermissions.length + d.removePermissions.length + d.addClients.length + d.removeClients.length > 0,
    'Choose a permission or client to add or remove.',
  )
  .superRefine((d, ctx) => {
    const conflicts = bulkEditConflicts(d);
    const named = [...conflicts.permissions, ...conflicts.clients];
    if (named.length) ctx.addIssue({ code: 'custom', message: `A permission or client cannot be added and removed at once: ${named.join(', ')}.` });
  });
