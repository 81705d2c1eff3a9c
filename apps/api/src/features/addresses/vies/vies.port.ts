/**
 * The EU VIES VAT number validation service, as a port. The production adapter speaks VIES's
 * documented SOAP interface (checkVatService WSDL: checkVat, checkVatApprox).
 */
export interface ViesRequest {
  /** VIES member-state code (EL for Greece, XI for Northern Ireland). */
  countryCode: string;
  /** The VAT number without the country prefix. */
  vatNumber: string;
}

/** VIES's fault strings (checkVatService WSDL documentation). */
export const VIES_FAULTS = [
  'INVALID_INPUT',
  'INVALID_REQUESTER_INFO',
  'SERVICE_UNAVAILABLE',
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'VAT_BLOCKED',
  'IP_BLOCKED',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
  'SERVER_BUSY',
] as const;
export type ViesFault = (typeof VIES_FAULTS)[number];

export type ViesReply =
  | { kind: 'answer'; valid: boolean; requestDate: string | null; name: string | null; address: string | null; consultationNumber: string | null }
  | { kind: 'fault'; fault: string }
  /** The service could not be reached or did not answer in time. */
  | { kind: 'unreachable'; reason: string }
  /** Something answered that is not VIES's documented reply. */
  | { kind: 'unexpected'; reason: string };

export interface ViesPort {
  checkVat(request: ViesRequest): Promise<ViesReply>;
}
