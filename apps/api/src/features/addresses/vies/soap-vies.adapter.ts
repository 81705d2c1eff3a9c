import { checkVatEnvelope, parseCheckVatReply } from './vies-soap';
import type { ViesPort, ViesReply, ViesRequest } from './vies.port';

/** The EU's VIES endpoint (checkVatService). */
export const VIES_DEFAULT_URL = 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService';

export interface SoapViesOptions {
  url: string;
  timeoutMs: number;
  /** The firm's own VAT ID: checks then use checkVatApprox and VIES returns a consultation number as proof. */
  requester?: ViesRequest;
  fetch?: typeof fetch;
}

/** Production adapter: POSTs the documented SOAP messages; a fault, a timeout or a broken reply is reported, never thrown. */
export class SoapViesAdapter implements ViesPort {
  constructor(private readonly options: SoapViesOptions) {}

  async checkVat(request: ViesRequest): Promise<ViesReply> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' },
        body: checkVatEnvelope(request, this.options.requester),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}` : '';
      return { kind: 'unreachable', reason: timedOut ? `No reply within ${this.options.timeoutMs} ms` : `VIES not reachable${cause}` };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return { kind: 'unreachable', reason: `The reply broke off: ${error instanceof Error ? error.message : String(error)}` };
    }
    const reply = parseCheckVatReply(text);
    if (reply.kind === 'unexpected' && !response.ok) return { kind: 'unexpected', reason: `HTTP ${response.status}: ${reply.reason}` };
    return reply;
  }
}

/** Reads VIES_URL, VIES_TIMEOUT_MS and VIES_REQUESTER_VAT_ID (the firm's own VAT ID, e.g. ATU12345678). */
export function viesFromEnv(env: NodeJS.ProcessEnv): SoapViesAdapter {
  const requester = env.VIES_REQUESTER_VAT_ID?.replace(/\s+/g, '').toUpperCase();
  return new SoapViesAdapter({
    url: env.VIES_URL || VIES_DEFAULT_URL,
    timeoutMs: Number(env.VIES_TIMEOUT_MS) > 0 ? Number(env.VIES_TIMEOUT_MS) : 10_000,
    ...(requester && /^[A-Z]{2}\w+$/.test(requester) ? { requester: { countryCode: requester.slice(0, 2), vatNumber: requester.slice(2) } } : {}),
  });
}
