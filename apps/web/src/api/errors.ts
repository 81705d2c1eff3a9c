import { ERROR_CLASSES } from '@portal/contracts';
import type { ErrorName, FeathersErrorJSON } from '@portal/contracts';

/**
 * A Feathers error as the client sees it (spec section 8): name, message, code, className,
 * optional data and errors. Wire errors (plain objects) are turned into this class.
 */
export class FeathersError extends Error {
  readonly code: number;
  readonly className: string;
  readonly data?: unknown;
  readonly errors?: unknown;

  constructor(name: ErrorName | 'Error', message: string, code: number, className: string, data?: unknown, errors?: unknown) {
    super(message);
    this.name = name;
    this.code = code;
    this.className = className;
    if (data !== undefined) this.data = data;
    if (errors !== undefined) this.errors = errors;
  }

  toJSON(): FeathersErrorJSON | { name: string; message: string; code: number; className: string } {
    return { name: this.name as ErrorName, message: this.message, code: this.code, className: this.className, data: this.data, errors: this.errors };
  }
}

function isErrorName(value: unknown): value is ErrorName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CLASSES, value);
}

/** Build a Feathers error of a known class. */
export function feathersError(name: ErrorName, message: string, data?: unknown): FeathersError {
  const { code, className } = ERROR_CLASSES[name];
  return new FeathersError(name, message, code, className, data);
}

/** Turn whatever the server (or socket.io) handed back into a FeathersError. */
export function toFeathersError(value: unknown): FeathersError {
  if (value instanceof FeathersError) return value;
  if (value && typeof value === 'object') {
    const v = value as Partial<FeathersErrorJSON> & { message?: unknown };
    const message = typeof v.message === 'string' ? v.message : 'Unknown error';
    if (isErrorName(v.name)) {
      const cls = ERROR_CLASSES[v.name];
      return new FeathersError(v.name, message, typeof v.code === 'number' ? v.code : cls.code, cls.className, v.data, v.errors);
    }
    if (typeof v.code === 'number') {
      const byCode = (Object.keys(ERROR_CLASSES) as ErrorName[]).find((n) => ERROR_CLASSES[n].code === v.code);
      if (byCode) return new FeathersError(byCode, message, v.code, ERROR_CLASSES[byCode].className, v.data, v.errors);
    }
    return new FeathersError('GeneralError', message, 500, 'general-error', v.data, v.errors);
  }
  return new FeathersError('GeneralError', typeof value === 'string' ? value : 'Unknown error', 500, 'general-error');
}

/** Spec 8: a code above 400 and below 408 removes the stored token and resets authentication. */
export function dropsToken(error: { code?: number }): boolean {
  return typeof error.code === 'number' && error.code > 400 && error.code < 408;
}
