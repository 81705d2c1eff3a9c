import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** A message the portal sends on its own (confirmation links): plain text, one recipient. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** How the portal sends mail: by SMTP when `SMTP_URL` is set, otherwise into the data dir's outbox. */
export interface MailSender {
  /** For the start log: where mail goes. */
  readonly describe: string;
  send(mail: OutgoingMail): Promise<void>;
}

export interface MailSenderOptions {
  /** `smtp://user:pass@host:587` or `smtps://…` (nodemailer's connection URL); unset: the outbox. */
  smtpUrl: string | null;
  /** The sender, e.g. `"KanzleiPortal" <portal@kanzlei.example>`. */
  from: string;
  /** `<data dir>/outbox`: one .eml file per message when no mail server is set. */
  outboxDir: string;
  log(message: string): void;
}

const fileSafe = (value: string) => value.replace(/[^a-zA-Z0-9@._-]/g, '_').slice(0, 80);

/**
 * Without a mail server the message is written as an .eml file (what a server would have received)
 * and the log names it, with the text, so a confirmation link can still be followed on a laptop.
 */
class OutboxMailSender implements MailSender {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  readonly describe: string;

  constructor(private readonly options: MailSenderOptions) {
    this.describe = `outbox ${options.outboxDir} (SMTP_URL unset)`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.options.from, ...mail });
    mkdirSync(this.options.outboxDir, { recursive: true });
    const file = join(this.options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${fileSafe(mail.to)}.eml`);
    writeFileSync(file, info.message as Buffer);
    this.options.log(`Mail to ${mail.to} written to ${file} (no SMTP_URL set): ${mail.subject}\n${mail.text}`);
  }
}

class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;
  readonly describe: string;

  constructor(private readonly options: MailSenderOptions & { smtpUrl: string }) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
    const url = new URL(options.smtpUrl);
    this.describe = `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.options.from, ...mail });
  }
}

export function createMailSender(options: MailSenderOptions): MailSender {
  return options.smtpUrl ? new SmtpMailSender({ ...options, smtpUrl: options.smtpUrl }) : new OutboxMailSender(options);
}
