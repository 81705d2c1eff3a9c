import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BankAccount, Paginated, RpaErrorRecord } from '@portal/contracts';
import { eventually, PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

// One demo invoice per company: the demo failures are seeded with the demo documents.
const session = PortalSession.start({ PORTAL_SEED_DOCUMENTS: '1' });
const errors = async (user = 'admin') => (await session.signedIn(user)).app.service('rpa-errors');

describe('automation errors (rpa-errors)', () => {
  it('lists the demo failures of every kind this portal produces, newest first', async () => {
    const page = (await (await errors()).find({ query: { status: 'open', $limit: 100 } })) as Paginated<RpaErrorRecord>;
    expect(new Set(page.data.map((e) => e.kind))).toEqual(
      new Set([
        'extraction_broken',
        'extraction_failed',
        'erp_import_refused',
        'erp_export_failed',
        'bank_import_failed',
        'fon_import_failed',
        'scanner_intake_refused',
      ]),
    );
    expect(page.data.filter((e) => ['bank_import_failed', 'fon_import_failed', 'scanner_intake_refused'].includes(e.kind)).every((e) => !e.retryable)).toBe(
      true,
    );
    const times = page.data.map((e) => e.last_failed_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows a broken upload and re-runs it on retry: one more attempt, recorded', async () => {
    const reply = await session.upload('admin', 1002, [
      { name: `kaputt-${Date.now()}.pdf`, bytes: Buffer.from(`%PDF-1.7\n1 0 obj garbage ${Date.now()}\n%%EOF`) },
    ]);
    const documentId = reply.body.files![0]!.documentId!;
    const service = await errors();
    const subject = `document-${documentId}:extraction`;
    const first = await eventually(async () => ((await service.find({ query: { document_id: documentId } })) as Paginated<RpaErrorRecord>).data[0]);
    expect(first).toMatchObject({
      id: subject,
      client_no: 1002,
      document_id: documentId,
      link: `/doc/1002/${documentId}`,
      attempts: 1,
      status: 'open',
      retryable: true,
    });
    const retried = (await service.patch(subject, { action: 'retry' })) as RpaErrorRecord;
    expect(retried.retry_requested_at).not.toBeNull();
    const again = await eventually(async () => {
      const e = (await service.get(subject)) as RpaErrorRecord;
      return e.attempts === 2 ? e : undefined;
    });
    expect(again.status).toBe('open');
  });

  it('marks a failure resolved with a remark, refuses an empty remark, and refuses acting on it again', async () => {
    const service = await errors();
    const open = ((await service.find({ query: { status: 'open', kind: 'extraction_failed' } })) as Paginated<RpaErrorRecord>).data[0]!;
    await expect(service.patch(open.id, { action: 'resolve', remark: '  ' })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Required field' });
    const resolved = (await service.patch(open.id, { action: 'resolve', remark: 'Beleg beim Mandanten neu angefordert' })) as RpaErrorRecord;
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'manual', remark: 'Beleg beim Mandanten neu angefordert' });
    await expect(service.patch(open.id, { action: 'retry' })).rejects.toMatchObject({ name: 'Conflict' });
    await expect(service.patch(open.id, { action: 'explode' })).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it('retries a refused ERP import as a new export of the same period', async () => {
    const service = await errors();
    const refused = ((await service.find({ query: { kind: 'erp_import_refused', status: 'open' } })) as Paginated<RpaErrorRecord>).data[0]!;
    const exports = (await session.signedIn('admin')).app.service('erp-exports');
    const jobsOfClient = async () => (await exports.find({ query: { client_no: refused.client_no, $limit: 200 } })) as Paginated<unknown> | unknown[];
    const count = (found: Paginated<unknown> | unknown[]) => (Array.isArray(found) ? found.length : found.total);
    const before = count(await jobsOfClient());
    await service.patch(refused.id, { action: 'retry' });
    // Booking now refuses what the export would refuse, so the retry is a new export job of the same client and period.
    await eventually(async () => (count(await jobsOfClient()) > before ? true : undefined));
  });

  it('lists a statement import that stopped as a bank import failure, and refuses a retry of it', async () => {
    const admin = await session.signedIn('admin');
    const account = (await admin.app.service('bank-accounts').create({
      client_no: 1003,
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: null,
      bank_name: 'Commerzbank',
      type: 'checking',
      currency: 'EUR',
      label: 'Test',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    })) as BankAccount;
    const form = new FormData();
    form.append(
      'file',
      new Blob([readFileSync(join(__dirname, '../../../../../libs/bank-statements/test/fixtures/camt053-v02.xml'))]),
      'camt-wrong-account.xml',
    );
    const res = await fetch(`${session.url}/api/banking/statements?client=1003&account=${account.id}`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await session.token('admin')}` },
    });
    expect(res.status).toBe(422);
    const service = await errors();
    const failure = await eventually(
      async () => ((await service.find({ query: { kind: 'bank_import_failed', client_no: 1003 } })) as Paginated<RpaErrorRecord>).data[0],
    );
    expect(failure).toMatchObject({
      client_no: 1003,
      subject_label: 'camt-wrong-account.xml',
      link: '/banking/1003',
      status: 'open',
      retryable: false,
      reason: expect.stringContaining('not for the chosen account'),
    });
    await expect(service.patch(failure.id, { action: 'retry' })).rejects.toMatchObject({ code: 422 });
  });

  it('is for administrators only', async () => {
    for (const user of ['accountant', 'clerk', 'auditor']) await expect((await errors(user)).find({ query: {} })).rejects.toMatchObject({ name: 'Forbidden' });
  });
});
