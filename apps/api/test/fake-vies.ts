import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server answering as VIES's checkVatService does (its WSDL's messages): checkVatResponse,
 * checkVatApproxResponse and SOAP faults with the documented fault strings. `behaviour` picks the reply:
 * 'answer' (valid), 'invalid', 'hang' (never answers), 'garbage', 'html500', or a fault string.
 */
const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const TYPES = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';

const answer = (valid: boolean, approx: boolean, cc: string, number: string) => {
  const tag = approx ? 'checkVatApproxResponse' : 'checkVatResponse';
  const details = approx
    ? '<ns2:traderName>ALPENSTROM ENERGIE AG</ns2:traderName><ns2:traderAddress>KRAFTWERKSTRASSE 4, 6020 INNSBRUCK</ns2:traderAddress><ns2:requestIdentifier>WAPIAAAAXyzAbc12</ns2:requestIdentifier>'
    : `<ns2:name>${valid ? 'ALPENSTROM ENERGIE AG' : '---'}</ns2:name><ns2:address>${valid ? 'KRAFTWERKSTRASSE 4&#10;6020 INNSBRUCK' : '---'}</ns2:address>`;
  return `<env:Envelope xmlns:env="${ENV}"><env:Header/><env:Body><ns2:${tag} xmlns:ns2="${TYPES}"><ns2:countryCode>${cc}</ns2:countryCode><ns2:vatNumber>${number}</ns2:vatNumber><ns2:requestDate>2026-01-15+01:00</ns2:requestDate><ns2:valid>${valid}</ns2:valid>${details}</ns2:${tag}></env:Body></env:Envelope>`;
};
const fault = (code: string) =>
  `<env:Envelope xmlns:env="${ENV}"><env:Header/><env:Body><env:Fault><faultcode>env:Server</faultcode><faultstring>${code}</faultstring></env:Fault></env:Body></env:Envelope>`;

export interface FakeVies {
  url: string;
  behaviour: string;
  received: string[];
  close(): Promise<void>;
}

/** Listens on loopback, on `port` (0: any free one). */
export async function startFakeVies(port = 0): Promise<FakeVies> {
  const state: FakeVies = { url: '', behaviour: 'answer', received: [], close: async () => undefined };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      state.received.push(body);
      const cc = /countryCode>(\w+)</.exec(body)?.[1] ?? '';
      const number = /vatNumber>(\w+)</.exec(body)?.[1] ?? '';
      const behaviour = state.behaviour;
      if (behaviour === 'hang') return;
      if (behaviour === 'garbage') return void res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<<not xml');
      if (behaviour === 'html500') return void res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      if (behaviour === 'answer' || behaviour === 'invalid')
        return void res
          .writeHead(200, { 'Content-Type': 'text/xml;charset=UTF-8' })
          .end(answer(behaviour === 'answer', body.includes('checkVatApprox'), cc, number));
      res.writeHead(500, { 'Content-Type': 'text/xml;charset=UTF-8' }).end(fault(behaviour));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/taxation_customs/vies/services/checkVatService`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
