import { errors, FeathersError } from '@feathersjs/errors';
import { ERROR_CLASSES } from '@portal/contracts';
import type { ErrorName, FeathersErrorJSON } from '@portal/contracts';

/**
 * The error classes of spec section 8 are the official Feathers client's (`@feathersjs/errors`): the
 * client turns a wire error's `name` into its class (NotFound, Conflict, …) with code, className, data
 * and errors.
 */
export { FeathersError };

/** socket.io's message when an acknowledgement does not arrive within `ackTimeout`. */
const ACK_TIMEOUT_MESSAGE = 'operation has timed out';

function isErrorName(value: unknown): value is ErrorName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CLASSES, value);
}

function build(name: ErrorName, message: string, data?: unknown, errorList?: unknown): FeathersError {
  // By code: the package's name map lacks some classes (Gone), its code map has every one.
  const error = new errors[ERROR_CLASSES[name].code](message);
  // Assigned afterwards: the constructor would strip `message` and `errors` keys out of an object `data`.
  return Object.assign(error, data === undefined ? {} : { data }, errorList === undefined ? {} : { errors: errorList });
}

/** Build a Feathers error of a known class. */
export function feathersError(name: ErrorName, message: string, data?: unknown): FeathersError {
  return build(name, message, data);
}

/**
 * Whatever the server, socket.io or fetch handed back, as a Feathers error: wire objects by name (or by
 * code), an unanswered acknowledgement as Timeout, anything else as GeneralError.
 */
export function toFeathersError(value: unknown): FeathersError {
  if (value instanceof FeathersError) return value;
  if (value && typeof value === 'object') {
    const v = value as Partial<FeathersErrorJSON> & { message?: unknown; name?: unknown };
    const message = typeof v.message === 'string' ? v.message : 'Unknown error';
    if (isErrorName(v.name)) return build(v.name, message, v.data, v.errors);
    if (typeof v.code === 'number') {
      const byCode = (Object.keys(ERROR_CLASSES) as ErrorName[]).find((n) => ERROR_CLASSES[n].code === v.code);
      if (byCode) return build(byCode, message, v.data, v.errors);
    }
    if (message === ACK_TIMEOUT_MESSAGE) return build('Timeout', message);
    return build('GeneralError', message, v.data, v.errors);
  }
  return build('GeneralError', typeof value === 'string' ? value : 'Unknown error');
}

/** Spec 8: a code above 400 and below 408 removes the stored token and resets authentication. */
export function dropsToken(error: { code?: number }): boolean {
  return typeof error.code === 'number' && error.code > 400 && error.code < 408;
}
