/** Credentials of a FinanzOnline web-service user (Teilnehmer-ID, Benutzer-ID, PIN). */
export interface FonCredentials {
  tid: string;
  benid: string;
  pin: string;
}

export interface QuotaFile {
  fileName: string;
  content: Buffer;
}

/** Where a web-service import gets the quota list: FinanzOnline itself, or the demo sandbox (named as such). */
export interface QuotaSource {
  readonly kind: 'finanzonline' | 'sandbox';
  fetchQuotaFile(credentials: FonCredentials, request: { firmId: string; taxYear: number }): Promise<QuotaFile>;
}

/** A refusal of FinanzOnline, with its return code when it gave one; the message says what to do. */
export class FinanzOnlineError extends Error {
  override readonly name = 'FinanzOnlineError';
  constructor(
    message: string,
    readonly rc: number | null = null,
  ) {
    super(message);
  }
}
