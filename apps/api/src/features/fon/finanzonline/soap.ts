import { XMLParser } from 'fast-xml-parser';

const ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A SOAP 1.1 request body: `<prefix:operation>` in `namespace` with one element per field, in order. */
export function soapEnvelope(namespace: string, operation: string, fields: Array<[string, string]>): string {
  const body = fields.map(([name, value]) => `<m:${name}>${escape(value)}</m:${name}>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${ENVELOPE}" xmlns:m="${namespace}"><soapenv:Header/><soapenv:Body><m:${operation}>${body}</m:${operation}></soapenv:Body></soapenv:Envelope>`;
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, ignoreAttributes: true, isArray: (name) => name === 'result' });

export class SoapError extends Error {
  override readonly name = 'SoapError';
}

/** The first element inside the reply's Body, by local name; a SOAP Fault is a SoapError with its faultstring. */
export function soapReply(xml: string): Record<string, unknown> {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new SoapError('The reply is not XML (maintenance page?).');
  }
  const body = (doc.Envelope as Record<string, unknown> | undefined)?.Body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') throw new SoapError('The reply has no SOAP body (maintenance page?).');
  const fault = body.Fault as Record<string, unknown> | undefined;
  if (fault) throw new SoapError(`SOAP fault: ${String(fault.faultstring ?? fault.Reason ?? 'unknown')}`);
  const first = Object.values(body).find((v) => v && typeof v === 'object');
  if (!first) throw new SoapError('The SOAP body is empty.');
  return first as Record<string, unknown>;
}

/** POSTs one SOAP request and answers the reply's operation element. */
export async function soapCall(url: string, action: string, envelope: string, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=UTF-8', soapaction: action },
      body: envelope,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SoapError(`FinanzOnline cannot be reached (${url}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok && !text.includes('Envelope')) throw new SoapError(`FinanzOnline answered HTTP ${response.status}.`);
  return soapReply(text);
}
