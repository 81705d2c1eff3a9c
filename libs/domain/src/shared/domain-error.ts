/**
 * A refused command. `kind` maps to the Feathers error the gateway answers:
 * conflict → 409 Conflict, invalid → 422 Unprocessable, not-found → 404 NotFound, forbidden → 403 Forbidden
 * (a rule about who may do what, decided purely, e.g. the user manager's kca/adm rules).
 */
export type DomainErrorKind = 'conflict' | 'invalid' | 'not-found' | 'forbidden';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const conflict = (message: string, details?: Record<string, unknown>) => new DomainError('conflict', message, details);
export const invalid = (message: string, details?: Record<string, unknown>) => new DomainError('invalid', message, details);
export const notFound = (message: string, details?: Record<string, unknown>) => new DomainError('not-found', message, details);
export const forbidden = (message: string, details?: Record<string, unknown>) => new DomainError('forbidden', message, details);

/** The two field errors forms show in the user's language: the web client translates them by `key`. */
export const requiredField = (field: string) => invalid('Required field', { key: 'required', field });
export const mustBeNumber = (field: string) => invalid('must be a number', { key: 'mustBeNumber', field });
