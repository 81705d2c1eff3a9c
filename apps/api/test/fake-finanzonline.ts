import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCall {
  path: string;
  action: string;
  operation: string;
  fields: Record<string, string>;
}

const reply = (operation: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns5:${operation} xmlns:ns5="https://finanzonline.bmf.gv.at/fon/ws/x">${inner}</ns5:${operation}></S:Body></S:Envelope>`;

/**
 * Answers the documented FinanzOnline SOAP replies on loopback: session `loginRequest` → `loginResponse` (id,
 * rc, msg), `logoutRequest`, DataBox `getDatabox` → `getDataboxResponse` (rc, msg, result*), `getDataboxEntry`
 * → `getDataboxEntryResponse` (rc, msg, result base64). Credentials tid 123456789, benid WSUSER01 and the PIN of the options.
 */
export interface FakeOptions {
  /** The year in the quota list's file name (Quotenliste_<year>.xml). */
  year: number;
  pin: string;
  /** How long getDataboxEntry takes (an import then stays in progress that long). */
  delayMs: number;
}

export async function fakeFinanzOnline(
  quotaList: Buffer,
  options: Partial<FakeOptions> = {},
): Promise<{ url: string; calls: FakeCall[]; options: FakeOptions; list: { content: Buffer }; close(): Promise<void> }> {
  const opts: FakeOptions = { year: 2025, pin: 'geheim', delayMs: 0, ...options };
  const list = { content: quotaList };
  const calls: FakeCall[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const operation = /<m:(\w+)>/.exec(body)?.[1] ?? '';
      const fields = Object.fromEntries([...body.matchAll(/<m:(\w+)>([^<]*)<\/m:\1>/g)].map((m) => [m[1]!, m[2]!]));
      calls.push({ path: req.url ?? '', action: String(req.headers.soapaction ?? ''), operation, fields });
      const send = (xml: string) => {
        res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(xml);
      };
      if (operation === 'loginRequest') {
        if (fields.tid !== '123456789' || fields.benid !== 'WSUSER01' || fields.pin !== opts.pin)
          return send(reply('loginResponse', '<ns5:rc>-4</ns5:rc><ns5:msg>Die Zugangsdaten sind ungültig.</ns5:msg>'));
        return send(reply('loginResponse', '<ns5:id>SESSION-42</ns5:id><ns5:rc>0</ns5:rc><ns5:msg/>'));
      }
      if (operation === 'logoutRequest') return send(reply('logoutResponse', '<ns5:rc>0</ns5:rc>'));
      if (fields.id !== 'SESSION-42') return send(reply(`${operation}Response`, '<ns5:rc>-1</ns5:rc><ns5:msg>Session ungültig</ns5:msg>'));
      if (operation === 'getDatabox') {
        const first = fields.ts_zust_bis === calls.find((c) => c.operation === 'getDatabox')?.fields.ts_zust_bis;
        const entries = first
          ? `<ns5:result><ns5:stnr>461234567</ns5:stnr><ns5:applkey>KEY-OLD</ns5:applkey><ns5:filebez>Quotenliste_${opts.year}.xml</ns5:filebez><ns5:ts_zust>2026-11-20T08:00:00</ns5:ts_zust><ns5:erltyp>P</ns5:erltyp></ns5:result>` +
            `<ns5:result><ns5:applkey>KEY-NEW</ns5:applkey><ns5:filebez>Quotenliste_${opts.year}.xml</ns5:filebez><ns5:ts_zust>2026-11-26T08:00:00</ns5:ts_zust><ns5:erltyp>P</ns5:erltyp></ns5:result>` +
            `<ns5:result><ns5:applkey>KEY-BESCHEID</ns5:applkey><ns5:filebez>Bescheid.pdf</ns5:filebez><ns5:ts_zust>2026-11-27T08:00:00</ns5:ts_zust><ns5:erltyp>B</ns5:erltyp></ns5:result>`
          : '';
        return send(reply('getDataboxResponse', `<ns5:rc>0</ns5:rc><ns5:msg/>${entries}`));
      }
      if (operation === 'getDataboxEntry') {
        if (fields.applkey !== 'KEY-NEW') return send(reply('getDataboxEntryResponse', '<ns5:rc>-2</ns5:rc><ns5:msg>Eintrag nicht gefunden</ns5:msg>'));
        setTimeout(() => send(reply('getDataboxEntryResponse', `<ns5:rc>0</ns5:rc><ns5:result>${list.content.toString('base64')}</ns5:result>`)), opts.delayMs);
        return;
      }
      res.writeHead(500, { 'content-type': 'text/xml' });
      res.end(
        '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultstring>unknown operation</faultstring></S:Fault></S:Body></S:Envelope>',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    options: opts,
    list,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
