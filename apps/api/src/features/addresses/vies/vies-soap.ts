import { XMLParser } from 'fast-xml-parser';
import type { ViesReply, ViesRequest } from './vies.port';

const TYPES_NS = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';

const escape = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SOAP envelope of checkVat, or of checkVatApprox when the firm's own VAT ID is given (VIES then issues a consultation number). */
export function checkVatEnvelope(request: ViesRequest, requester?: ViesRequest): string {
  const body = requester
    ? `<urn:checkVatApprox><urn:countryCode>${escape(request.countryCode)}</urn:countryCode><urn:vatNumber>${escape(request.vatNumber)}</urn:vatNumber><urn:requesterCountryCode>${escape(requester.countryCode)}</urn:requesterCountryCode><urn:requesterVatNumber>${escape(requester.vatNumber)}</urn:requesterVatNumber></urn:checkVatApprox>`
    : `<urn:checkVat><urn:countryCode>${escape(request.countryCode)}</urn:countryCode><urn:vatNumber>${escape(request.vatNumber)}</urn:vatNumber></urn:checkVat>`;
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="${TYPES_NS}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true, htmlEntities: true });

type Node = Record<string, unknown>;
const child = (node: unknown, name: string): unknown => (node && typeof node === 'object' ? (node as Node)[name] : undefined);
const textOf = (node: unknown): string | null => {
  if (typeof node === 'string') return node.trim() === '' || node.trim() === '---' ? null : node.trim();
  if (typeof node === 'number') return String(node);
  return null;
};

/** VIES's reply (checkVatResponse, checkVatApproxResponse or a SOAP fault) as the port's reply. */
export function parseCheckVatReply(xml: string): ViesReply {
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch (error) {
    return { kind: 'unexpected', reason: `The reply is not XML: ${error instanceof Error ? error.message : String(error)}` };
  }
  const body = child(child(parsed, 'Envelope'), 'Body');
  if (!body) return { kind: 'unexpected', reason: 'The reply is not a SOAP envelope.' };
  const fault = child(body, 'Fault');
  if (fault) {
    const code = textOf(child(fault, 'faultstring')) ?? textOf(child(child(fault, 'Reason'), 'Text'));
    return code ? { kind: 'fault', fault: code } : { kind: 'unexpected', reason: 'A SOAP fault without a fault string.' };
  }
  const answer = child(body, 'checkVatResponse') ?? child(body, 'checkVatApproxResponse');
  const valid = textOf(child(answer, 'valid'));
  if (!answer || (valid !== 'true' && valid !== 'false')) return { kind: 'unexpected', reason: 'The reply holds no checkVat answer.' };
  return {
    kind: 'answer',
    valid: valid === 'true',
    requestDate: textOf(child(answer, 'requestDate')),
    name: textOf(child(answer, 'name')) ?? textOf(child(answer, 'traderName')),
    address: textOf(child(answer, 'address')) ?? textOf(child(answer, 'traderAddress')),
    consultationNumber: textOf(child(answer, 'requestIdentifier')),
  };
}
