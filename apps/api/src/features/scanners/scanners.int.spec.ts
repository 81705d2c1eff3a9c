import { createHash } from 'node:crypto';
import { open, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { DocumentRecord, EditorDocumentRecord, Paginated, ScannerRecord, ScannerWithSecret } from '@portal/contracts';
import { freePort } from '@portal/tools';
import { eventually, PortalSession } from '@portal/tools';
import { textPdf } from '../../../test/editor-test-files';

jest.setTimeout(600_000);

const env: NodeJS.ProcessEnv = { PORTAL_SEED_DOCUMENTS: '0', SCAN_FOLDER_POLL_MS: '200', SCAN_FOLDER_STABLE_MS: '800' };
beforeAll(async () => {
  env.SCAN_SMTP_PORT = String(await freePort());
});
const session = PortalSession.start(env);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function push(
  scannerId: string,
  secret: string,
  name: string,
  bytes: Buffer,
  raw = false,
): Promise<{
  status: number;
  body: { files?: { ok: boolean; editorDocumentId?: number; documentId?: number; error?: { message: string } }[]; message?: string };
}> {
  const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from(`${scannerId}:${secret}`).toString('base64')}` };
  let body: RequestInit['body'];
  if (raw) {
    headers['Content-Type'] = 'application/pdf';
    headers['X-File-Name'] = encodeURIComponent(name);
    body = new Uint8Array(bytes);
  } else {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(bytes)]), name);
    body = form;
  }
  const res = await fetch(`${session.url}/api/scanners/${scannerId}/scans`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as never };
}

const mailer = (scannerId: string, secret: string) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: Number(env.SCAN_SMTP_PORT), secure: false, ignoreTLS: true, auth: { user: scannerId, pass: secret } });

describe('scanner manager and scanner intake', () => {
  let scanner: ScannerWithSecret;
  let client1Id: string;

  it('creates a scanner for a client of its assigned user and shows its secret once', async () => {
    const admin = await session.signedIn('admin');
    const users = (await admin.app.service('users').find({ query: { $limit: 50 } })) as Paginated<{ id: string; username: string }>;
    client1Id = users.data.find((u) => u.username === 'client1')!.id;
    const clerkId = users.data.find((u) => u.username === 'clerk')!.id;
    const scanners = admin.app.service('scanners');
    await expect(scanners.create({ name: 'Falsch', client_no: 1001, assigned_users: [clerkId] })).rejects.toMatchObject({
      name: 'BadRequest',
      message: expect.stringContaining('None of the assigned users works for client 1001'),
    });
    await expect(scanners.create({ name: 'Falsch', client_no: 1001, assigned_users: ['nobody'] })).rejects.toMatchObject({
      name: 'BadRequest',
      message: 'Unknown user nobody.',
    });
    await expect(scanners.create({ name: ' ', client_no: 1001 })).rejects.toMatchObject({ name: 'Unprocessable', message: 'The scanner needs a name.' });
    await expect((await session.signedIn('clerk')).app.service('scanners').create({ name: 'X', client_no: 1004 })).rejects.toMatchObject({ name: 'Forbidden' });
    scanner = (await scanners.create({ name: 'Büro Empfang', location: 'Erdgeschoss', client_no: 1001, assigned_users: [client1Id] })) as ScannerWithSecret;
    expect(scanner).toMatchObject({ name: 'Büro Empfang', activated: true, last_seen: null, client_no: 1001, assigned_users: [client1Id], target: 'editor' });
    expect(scanner.id).toMatch(/^buro-empfang-[0-9a-f]{4}$/);
    expect(scanner.secret).toHaveLength(32);
    const again = (await scanners.get(scanner.id)) as ScannerRecord & { secret?: string };
    expect(again.secret).toBeUndefined();
    expect(JSON.stringify(again)).not.toContain(scanner.secret);
  });

  it('takes an HTTP push with the secret into the client inbox live, updating last seen; a wrong secret is 401', async () => {
    const viewer = (await session.signedIn('client1')).app.service('editor-document');
    const created = new Promise<EditorDocumentRecord>((resolve) => viewer.once('created', resolve));
    expect((await push(scanner.id, 'wrong-secret', 'x.pdf', await textPdf(['x']))).status).toBe(401);
    const bytes = await textPdf(['Rechnung per HTTP', 'Seite 2']);
    const res = await push(scanner.id, scanner.secret, 'SCAN_0001.pdf', bytes);
    expect(res.status).toBe(201);
    const item = await created;
    expect(item).toMatchObject({
      id: res.body.files![0]!.editorDocumentId,
      client_no: 1001,
      channel: 'http',
      scanner_id: scanner.id,
      scanner_name: 'Büro Empfang',
      page_count: 2,
      sha256: sha(bytes),
    });
    const raw = await push(scanner.id, scanner.secret, 'SCAN 0002.pdf', await textPdf(['Roh gesendet']), true);
    expect(raw.status).toBe(201);
    const record = (await (await session.signedIn('admin')).app.service('scanners').get(scanner.id)) as ScannerRecord;
    expect(record).toMatchObject({ last_channel: 'http', deliveries: 2, refused: 1, last_refusal: 'wrong secret' });
    expect(record.last_seen).not.toBeNull();
  });

  it('applies the upload rules to every file of a push', async () => {
    const res = await push(scanner.id, scanner.secret, 'virus.pdf', Buffer.from('MZ this is an executable'));
    expect(res.status).toBe(400);
    expect(res.body.files![0]!.error!.message).toBe('The file is not a PDF, PNG, JPEG, TIFF or e-invoice XML (checked by its content).');
  });

  it('takes scan to e-mail with the secret as SMTP auth, and refuses a wrong secret and another address', async () => {
    const pdf = await textPdf(['Rechnung per E-Mail']);
    const info = await mailer(scanner.id, scanner.secret).sendMail({
      from: 'scanner@kanzlei.example',
      to: `scan+${scanner.id}@kanzlei.example`,
      subject: 'Scan',
      text: 'Scan',
      attachments: [{ filename: 'Scan E-Mail.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(info.accepted).toEqual([`scan+${scanner.id}@kanzlei.example`]);
    const editor = (await session.signedIn('client1')).app.service('editor-document');
    const item = await eventually(
      async () => ((await editor.find({ query: { scanner_id: scanner.id, channel: 'email' } })) as Paginated<EditorDocumentRecord>).data[0],
    );
    expect(item).toMatchObject({ title: 'Scan E-Mail', sender: 'scanner@kanzlei.example', sha256: sha(pdf) });
    await expect(
      mailer(scanner.id, 'wrong').sendMail({
        from: 'a@b.example',
        to: `scan+${scanner.id}@kanzlei.example`,
        text: 'x',
        attachments: [{ filename: 'a.pdf', content: pdf }],
      }),
    ).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    await expect(
      mailer(scanner.id, scanner.secret).sendMail({
        from: 'a@b.example',
        to: 'scan+someone-else@kanzlei.example',
        text: 'x',
        attachments: [{ filename: 'a.pdf', content: pdf }],
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('takes a file written into the watched folder in pieces once, complete, and moves it to processed/', async () => {
    const folder = join(session.portal.dataDir, 'consume', scanner.id);
    await eventually(async () => ((await readdir(folder).catch((): string[] => [])).includes('processed') ? true : undefined));
    const pdf = await textPdf(['Rechnung im Ordner', 'zweite Seite', 'dritte Seite']);
    const handle = await open(join(folder, 'Ordner-Scan.pdf'), 'w');
    const third = Math.ceil(pdf.length / 3);
    for (let i = 0; i < 3; i++) {
      await handle.write(pdf.subarray(i * third, (i + 1) * third));
      await sleep(400);
    }
    await handle.close();
    await eventually(async () => ((await readdir(join(folder, 'processed'))).some((f) => f.endsWith('Ordner-Scan.pdf')) ? true : undefined));
    const editor = (await session.signedIn('client1')).app.service('editor-document');
    const items = (await editor.find({ query: { scanner_id: scanner.id, channel: 'folder' } })) as Paginated<EditorDocumentRecord>;
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({ sha256: sha(pdf), page_count: 3, sender: `consume/${scanner.id}` });
    await writeFile(join(folder, 'notiz.txt'), 'not a scan');
    const reason = await eventually(async () => {
      const failed = (await readdir(join(folder, 'failed'))).find((f) => f.endsWith('notiz.txt.reason.txt'));
      return failed ? readFile(join(folder, 'failed', failed), 'utf8') : undefined;
    });
    expect(reason).toContain('not a PDF, PNG, JPEG, TIFF');
  });

  it('refuses every path of a deactivated scanner and records each refusal', async () => {
    const admin = (await session.signedIn('admin')).app.service('scanners');
    expect(await admin.patch(scanner.id, { activated: false })).toMatchObject({ activated: false });
    const pdf = await textPdf(['nach der Deaktivierung']);
    const res = await push(scanner.id, scanner.secret, 'late.pdf', pdf);
    expect(res).toMatchObject({ status: 403, body: { message: 'The scanner is deactivated.' } });
    await expect(
      mailer(scanner.id, scanner.secret).sendMail({
        from: 'a@b.example',
        to: `scan+${scanner.id}@kanzlei.example`,
        text: 'x',
        attachments: [{ filename: 'a.pdf', content: pdf }],
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    const folder = join(session.portal.dataDir, 'consume', scanner.id);
    await writeFile(join(folder, 'spaet.pdf'), pdf);
    const reason = await eventually(async () => {
      const failed = (await readdir(join(folder, 'failed'))).find((f) => f.endsWith('spaet.pdf.reason.txt'));
      return failed ? readFile(join(folder, 'failed', failed), 'utf8') : undefined;
    });
    expect(reason.trim()).toBe('The scanner is deactivated.');
    const record = (await admin.get(scanner.id)) as ScannerRecord;
    expect(record.last_refusal).toBe('The scanner is deactivated.');
    expect(record.refused).toBeGreaterThanOrEqual(4);
    await admin.patch(scanner.id, { activated: true });
  });

  it('rotates the secret: the old one stops working at once', async () => {
    const admin = (await session.signedIn('admin')).app.service('scanners');
    const rotated = (await admin.patch(scanner.id, { action: 'rotateSecret' })) as ScannerWithSecret;
    expect(rotated.secret).not.toBe(scanner.secret);
    expect((await push(scanner.id, scanner.secret, 'old.pdf', await textPdf(['alt']))).status).toBe(401);
    expect((await push(scanner.id, rotated.secret, 'new.pdf', await textPdf(['neu']))).status).toBe(201);
  });

  it('sends straight to extraction when the scanner is set so', async () => {
    const admin = (await session.signedIn('admin')).app.service('scanners');
    const direct = (await admin.create({
      name: 'Direkt',
      client_no: 1001,
      assigned_users: [client1Id],
      target: 'extraction',
      category: 'KA',
    })) as ScannerWithSecret;
    const res = await push(direct.id, direct.secret, 'Kassabon.pdf', await textPdf(['Kassabon 12,50 EUR']));
    expect(res.status).toBe(201);
    const doc = (await (await session.signedIn('client1')).app.service('documents').get(res.body.files![0]!.documentId!)) as DocumentRecord;
    expect(doc).toMatchObject({ client_no: 1001, category: 'KA', uploaded_by: `scanner:${direct.id}` });
  });
});
