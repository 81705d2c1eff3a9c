import { ADDRESS_MESSAGES, Conflict, formatMessage, Unprocessable } from '@portal/contracts';
import { DomainError } from '@portal/domain';

/**
 * An RPA database refusal in spec §8's words: "Failed to create address in RPA database: {message}",
 * with the reason's key (rpaEmptyName, rpaVatTaken) and its details for the web's translation.
 */
export function rpaFailure(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const details = error.details ?? {};
  const message = formatMessage(ADDRESS_MESSAGES.rpaFailed, { message: error.message });
  const data = { key: 'rpaFailed', reason: { key: details.key ?? null, message: error.message, ...details } };
  return error.kind === 'conflict' ? Conflict(message, data) : Unprocessable(message, data);
}

export const accountNotFound = (field: string, clientNo: number, account: string) =>
  Unprocessable(`${ADDRESS_MESSAGES.accountNotFound}: ${account} (client ${clientNo})`, { key: 'accountNotFound', field, client_no: clientNo, account });
