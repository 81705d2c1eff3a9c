import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { SMTPServer, SMTPServerSession } from 'smtp-server';
import type { ScannerRecord } from '@portal/contracts';
import type { ScannerIntake } from './scanner-intake';

export interface ScanMailOptions {
  port: number;
  host: string;
  /** Largest message accepted (attachments are base64: about 4/3 of the files). */
  maxMessageBytes: number;
  tls?: { keyFile: string; certFile: string };
  log(message: string): void;
}

/** The scanner a mail is addressed to: scan+<scanner>@any.domain. */
export function scannerOfAddress(address: string): string | null {
  const m = /^scan\+([a-z0-9-]{3,40})@[^@\s]+$/i.exec(address.trim());
  return m ? m[1]!.toLowerCase() : null;
}

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/** Attachments scanners send: PDF, TIFF, JPEG and PNG (checked again by content in the intake). */
const SCAN_TYPES = /^(application\/pdf|image\/(tiff|jpeg|png)|application\/octet-stream)$/i;

interface Session extends SMTPServerSession {
  scanner?: ScannerRecord;
}

/**
 * Scan to e-mail: an SMTP listener (smtp-server) on SCAN_SMTP_PORT taking mail for scan+<scanner>@… with
 * the scanner's id and secret as SMTP AUTH (PLAIN or LOGIN); the attachments (parsed with mailparser) go
 * through the scanner intake. A wrong secret is 535, 454 after a handful of them (the intake's brake), another scanner's address 550, a deactivated scanner
 * 550 after its refusal was recorded.
 */
export class ScanMailServer {
  private server: SMTPServer | null = null;

  constructor(
    private readonly intake: ScannerIntake,
    private readonly options: ScanMailOptions,
  ) {}

  async start(): Promise<number> {
    const { intake, options } = this;
    // Loaded here, not by every start of the api: most portals run without the mail intake.
    const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
    const server = new SMTPServer({
      name: 'portal-scan-intake',
      banner: 'Scan intake',
      size: options.maxMessageBytes,
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: false,
      // Office scanners on the LAN often cannot do TLS; with SCAN_SMTP_TLS_KEY/CERT, STARTTLS is offered.
      allowInsecureAuth: true,
      ...(options.tls ? { key: readFileSync(options.tls.keyFile), cert: readFileSync(options.tls.certFile) } : { disabledCommands: ['STARTTLS'] }),
      logger: false,
      onAuth(auth, session: Session, callback) {
        const scannerId = (auth.username ?? '')
          .replace(/^scan\+/, '')
          .replace(/@.*$/, '')
          .toLowerCase();
        intake.authenticate(scannerId, auth.password ?? '', 'email', session.remoteAddress).then(
          (scanner) => {
            session.scanner = scanner;
            callback(null, { user: scanner.id });
          },
          (error: { code?: number }) =>
            callback(
              error.code === 429
                ? smtpError('Too many failed authentications; try again later', 454)
                : smtpError('Authentication failed: unknown scanner or wrong secret', 535),
            ),
        );
      },
      onRcptTo(address, session: Session, callback) {
        const scannerId = scannerOfAddress(address.address);
        if (!scannerId || scannerId !== session.scanner?.id)
          return callback(smtpError(`Only mail for scan+${session.scanner?.id ?? '<scanner>'}@… is taken here`, 550));
        return callback();
      },
      onData(stream, session: Session, callback) {
        const scanner = session.scanner;
        if (!scanner) return callback(smtpError('Authentication required', 530));
        simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true })
          .then(async (mail) => {
            if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
              throw smtpError(`The message is larger than ${Math.round(options.maxMessageBytes / 1048576)} MB`, 552);
            const files = mail.attachments
              .filter((a) => SCAN_TYPES.test(a.contentType) || /\.(pdf|tiff?|jpe?g|png)$/i.test(a.filename ?? ''))
              .map((a) => ({ originalName: a.filename ?? 'scan.pdf', bytes: a.content }));
            const sender = mail.from?.value[0]?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : null);
            const outcomes = await intake.deliver(scanner, 'email', files, sender);
            const taken = outcomes.filter((o) => o.ok).length;
            if (taken === 0)
              throw smtpError(
                `No scan was taken: ${
                  outcomes
                    .map((o) => o.error?.message)
                    .filter(Boolean)
                    .join('; ') || 'no PDF, TIFF, JPEG or PNG attachment'
                }`,
                550,
              );
            callback(null, `${taken} scan(s) taken`);
          })
          .catch((error: unknown) => {
            const e = error as Error & { responseCode?: number; code?: number };
            if (!e.responseCode && e.code !== 403) options.log(`scan mail for ${scanner.id}: ${e.message}`);
            callback(e.responseCode ? e : smtpError(e.message || 'The scan could not be taken', e.code === 403 ? 550 : 451));
          });
      },
    });
    server.on('error', (e) => options.log(`scan mail server: ${e.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
