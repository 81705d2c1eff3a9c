/**
 * The Feathers error catalogue of spec section 8. Errors cross the wire as plain objects
 * `{ name, message, code, className, data?, errors? }`; the official Feathers client turns
 * `name` back into its own class.
 */
export const ERROR_CLASSES = {
  BadRequest: { code: 400, className: 'bad-request' },
  NotAuthenticated: { code: 401, className: 'not-authenticated' },
  PaymentError: { code: 402, className: 'payment-error' },
  Forbidden: { code: 403, className: 'forbidden' },
  NotFound: { code: 404, className: 'not-found' },
  MethodNotAllowed: { code: 405, className: 'method-not-allowed' },
  NotAcceptable: { code: 406, className: 'not-acceptable' },
  Timeout: { code: 408, className: 'timeout' },
  Conflict: { code: 409, className: 'conflict' },
  Gone: { code: 410, className: 'gone' },
  LengthRequired: { code: 411, className: 'length-required' },
  Unprocessable: { code: 422, className: 'unprocessable' },
  TooManyRequests: { code: 429, className: 'too-many-requests' },
  GeneralError: { code: 500, className: 'general-error' },
  NotImplemented: { code: 501, className: 'not-implemented' },
  BadGateway: { code: 502, className: 'bad-gateway' },
  Unavailable: { code: 503, className: 'unavailable' },
} as const;

export type ErrorName = keyof typeof ERROR_CLASSES;

export interface FeathersErrorJSON {
  name: ErrorName;
  message: string;
  code: number;
  className: string;
  data?: unknown;
  errors?: unknown;
}

export class PortalError extends Error {
  readonly code: number;
  readonly className: string;
  constructor(
    override readonly name: ErrorName,
    message: string,
    readonly data?: unknown,
    readonly errors?: unknown,
  ) {
    super(message);
    this.code = ERROR_CLASSES[name].code;
    this.className = ERROR_CLASSES[name].className;
  }

  toJSON(): FeathersErrorJSON {
    const json: FeathersErrorJSON = { name: this.name, message: this.message, code: this.code, className: this.className };
    if (this.data !== undefined) json.data = this.data;
    if (this.errors !== undefined) json.errors = this.errors;
    return json;
  }
}

const make = (name: ErrorName) => (message: string, data?: unknown, errors?: unknown) => new PortalError(name, message, data, errors);

export const BadRequest = make('BadRequest');
export const NotAuthenticated = make('NotAuthenticated');
export const Forbidden = make('Forbidden');
export const NotFound = make('NotFound');
export const MethodNotAllowed = make('MethodNotAllowed');
export const Timeout = make('Timeout');
export const Conflict = make('Conflict');
export const Gone = make('Gone');
export const Unprocessable = make('Unprocessable');
export const TooManyRequests = make('TooManyRequests');
export const GeneralError = make('GeneralError');
export const Unavailable = make('Unavailable');

export function isPortalError(value: unknown): value is PortalError {
  return value instanceof PortalError;
}

/** Any thrown value as a wire error; unknown failures never leak their internals. */
export function toFeathersError(value: unknown): FeathersErrorJSON {
  if (isPortalError(value)) return value.toJSON();
  return GeneralError('Internal error').toJSON();
}
