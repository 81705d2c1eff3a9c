import { BadRequest, Conflict, Forbidden, GeneralError, NotFound, PortalError, Unprocessable, type FeathersErrorJSON } from '@portal/contracts';
import { DomainError } from '@portal/domain';
import { WrongExpectedRevisionError } from '@portal/event-store';

/** Every failure as a Feathers error object; internals of unexpected errors never leave the server. */
export function toWireError(error: unknown, log: (error: unknown) => void): FeathersErrorJSON {
  if (error instanceof PortalError) return error.toJSON();
  if (error instanceof DomainError) {
    const make = { conflict: Conflict, 'not-found': NotFound, forbidden: Forbidden, invalid: Unprocessable }[error.kind];
    return make(error.message, error.details).toJSON();
  }
  if (error instanceof WrongExpectedRevisionError) return Conflict('The record was changed at the same time by someone else. Reload and try again.').toJSON();
  if (error instanceof SyntaxError) return BadRequest(error.message).toJSON();
  log(error);
  return GeneralError('Internal error').toJSON();
}
