import { BadRequest } from '@portal/contracts';
import type { z } from 'zod';

/** Parses untrusted call data; a mismatch is a BadRequest listing each problem by field. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw BadRequest(`Invalid ${what}: ${errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ')}`, undefined, errors);
}
