import type { VatCheck, VatCheckResult } from '@portal/contracts';
import { normalizeVatId } from '@portal/domain';
import { checkVAT, countries } from 'jsvat';
import type { ViesPort, ViesReply } from './vies/vies.port';

export type VatCheckOutcome = Omit<VatCheck, 'checked_at' | 'checked_by'>;

/** Member states VIES answers for (its codes: EL for Greece). */
const VIES_MEMBER_STATES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

/** VIES faults that say "try again later": the VAT ID was not checked, it is never "invalid". */
const UNAVAILABLE_FAULTS = new Set([
  'SERVICE_UNAVAILABLE',
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'SERVER_BUSY',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
  'VAT_BLOCKED',
  'IP_BLOCKED',
]);

const outcome = (vatId: string, country: string | null, result: VatCheckResult, source: VatCheck['source'], fault: string | null = null): VatCheckOutcome => ({
  vat_id: vatId,
  country,
  result,
  source,
  request_date: null,
  registered_name: null,
  registered_address: null,
  consultation_number: null,
  fault,
});

/** The result of VIES's reply: valid/invalid from an answer; unavailability → check failed; anything else → unknown error. */
export function resultOfViesReply(reply: ViesReply): { result: VatCheckResult; fault: string | null } {
  switch (reply.kind) {
    case 'answer':
      return { result: reply.valid ? 'valid' : 'invalid', fault: null };
    case 'fault':
      if (reply.fault === 'INVALID_INPUT') return { result: 'format_error', fault: reply.fault };
      return { result: UNAVAILABLE_FAULTS.has(reply.fault) ? 'check_failed' : 'unknown_error', fault: reply.fault };
    case 'unreachable':
      return { result: 'check_failed', fault: reply.reason };
    case 'unexpected':
      return { result: 'unknown_error', fault: reply.reason };
  }
}

/**
 * The VAT ID check: empty; format and checksum per country (jsvat) → format error; another country
 * than the address's → invalid for the selected country; then VIES (valid, invalid, check failed, unknown error).
 */
export async function checkVatId(rawVatId: string | null, selectedCountry: string | null, vies: ViesPort): Promise<VatCheckOutcome> {
  const vatId = normalizeVatId(rawVatId ?? '');
  const country = selectedCountry ? selectedCountry.toUpperCase() : null;
  if (vatId === '') return outcome('', country, 'empty', 'format');
  const format = checkVAT(vatId, countries);
  if (!format.isSupportedCountry || !format.isValidFormat) return outcome(vatId, country, 'format_error', 'format', 'format');
  if (!format.isValid) return outcome(vatId, country, 'format_error', 'format', 'checksum');
  const vatCountry = format.country?.isoCode.short ?? null;
  if (country && vatCountry && country !== vatCountry) return outcome(vatId, country, 'invalid_for_country', 'format', `VAT ID of ${vatCountry}`);
  const memberState = vatId.slice(0, 2);
  if (!VIES_MEMBER_STATES.has(memberState)) return outcome(vatId, country, 'check_failed', 'format', `VIES does not cover ${memberState}`);
  let reply: ViesReply;
  try {
    reply = await vies.checkVat({ countryCode: memberState, vatNumber: vatId.slice(2) });
  } catch (error) {
    reply = { kind: 'unexpected', reason: error instanceof Error ? error.message : String(error) };
  }
  const { result, fault } = resultOfViesReply(reply);
  return {
    ...outcome(vatId, country, result, 'vies', fault),
    ...(reply.kind === 'answer'
      ? { request_date: reply.requestDate, registered_name: reply.name, registered_address: reply.address, consultation_number: reply.consultationNumber }
      : {}),
  };
}
