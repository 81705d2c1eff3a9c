import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailSender } from './mail-sender';

const FROM = '"KanzleiPortal" <portal@kanzlei.example>';
const mail = { to: 'neu@kanzlei.example', subject: 'Confirm your new e-mail address', text: 'Open http://localhost/confirm?token=abc to confirm.' };

describe('the mail port', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'portal-mail-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the message into the outbox and logs the link when no SMTP_URL is set', async () => {
    const logged: string[] = [];
    const sender = createMailSender({ smtpUrl: null, from: FROM, outboxDir: join(dir, 'outbox'), log: (m) => logged.push(m) });
    await sender.send(mail);
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/neu@kanzlei\.example\.eml$/);
    const parsed = await simpleParser(readFileSync(join(dir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.from?.text).toContain('portal@kanzlei.example');
    expect(parsed.text?.trim()).toBe(mail.text);
    expect(logged.join('\n')).toContain('http://localhost/confirm?token=abc');
    expect(sender.describe).toContain('outbox');
  });

  it('sends by SMTP with the credentials of SMTP_URL when it is set', async () => {
    const received: Array<{ from: string; to: string[]; user: string | undefined; raw: Buffer }> = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'portal' && auth.password === 's3cret') return callback(null, { user: auth.username });
        return callback(new Error('Invalid credentials'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    try {
      const sender = createMailSender({ smtpUrl: `smtp://portal:s3cret@127.0.0.1:${port}`, from: FROM, outboxDir: join(dir, 'outbox'), log: () => undefined });
      expect(sender.describe).toBe(`SMTP 127.0.0.1:${port}`);
      await sender.send(mail);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'portal@kanzlei.example', to: ['neu@kanzlei.example'], user: 'portal' });
      expect((await simpleParser(received[0]!.raw)).text?.trim()).toBe(mail.text);
      const refused = createMailSender({ smtpUrl: `smtp://portal:wrong@127.0.0.1:${port}`, from: FROM, outboxDir: join(dir, 'outbox'), log: () => undefined });
      await expect(refused.send(mail)).rejects.toThrow(/Invalid credentials/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
