import {
  DEFAULT_TIME_ZONE,
  dayIn,
  type DocumentHistory,
  type DocumentRecord,
  type EInvoiceVerdict,
  type FirmOverviewRow,
  type Paginated,
  type ProcessingReport,
  type ReportResult,
} from '@portal/contracts';
import { DEFAULT_INVOICE, ublInvoice } from '@portal/einvoice-validation/testing/invoices';
import { eventually, PortalSession } from '@portal/tools';

jest.setTimeout(120_000);

const session = PortalSession.start();
const brokenXml = () =>
  ublInvoice({ ...DEFAULT_INVOICE, number: 'RE-BROKEN-1', grossTotal: '1300.00', payable: '1300.00' }).replace(
    /<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/,
    '',
  );
// Amounts add up (the work form's own checks pass); only the XRechnung buyer reference is missing.
const withoutBuyerReference = () => ublInvoice({ ...DEFAULT_INVOICE, number: 'RE-NOREF-1' }).replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
const validXml = () => ublInvoice({ ...DEFAULT_INVOICE, number: 'RE-VALID-1' });

async function validateOverRest(token: string | null, bytes: Buffer | null, name = 'invoice.xml') {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${session.url}/api/einvoices/validate`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return {
    status: res.status,
    body: (await res.json()) as EInvoiceVerdict & { name?: string; message?: string; data?: { reason: { en: string; de: string } } },
  };
}

describe('e-invoices checked against the EN 16931 / XRechnung rules', () => {
  it('answers the verdict on an uploaded XML to any signed-in user, rule by rule, and stores nothing', async () => {
    const token = await session.token('client1');
    const broken = await validateOverRest(token, Buffer.from(brokenXml()));
    expect(broken.status).toBe(200);
    expect(broken.body).toMatchObject({ valid: false, syntax: 'UBL Invoice', profile: 'XRechnung', rulesVersion: expect.any(String) });
    expect(broken.body.findings.map((f) => f.rule)).toEqual(expect.arrayContaining(['BR-CO-15', 'BR-DE-15']));
    expect(broken.body.findings[0]).toEqual({
      rule: expect.any(String),
      severity: 'fatal',
      location: expect.stringMatching(/^\//),
      message: { en: expect.any(String), de: expect.any(String) },
    });
    const valid = await validateOverRest(token, Buffer.from(validXml()));
    expect(valid.body).toMatchObject({ valid: true, findings: [] });
    const viewer = await session.signedIn('client1');
    const docs = (await viewer.app.service('documents').find({ query: { client_no: 1001, search: 'RE-BROKEN-1' } })) as { total: number };
    expect(docs.total).toBe(0);
  });

  it('answers 400 saying why for a file that is no e-invoice, 401 without a token, 400 without a file', async () => {
    const token = await session.token('client1');
    const notInvoice = await validateOverRest(token, Buffer.from('<?xml version="1.0"?><Order xmlns="urn:x"/>'));
    expect(notInvoice.status).toBe(400);
    expect(notInvoice.body).toMatchObject({
      name: 'BadRequest',
      message: expect.stringMatching(/^This file is no e-invoice: /),
      data: { reason: { en: expect.any(String), de: expect.any(String) } },
    });
    expect((await validateOverRest(null, Buffer.from(validXml()))).status).toBe(401);
    expect((await validateOverRest(token, null)).status).toBe(400);
  });

  it('gives the same verdict through the einvoice-validation service for scripts', async () => {
    const viewer = await session.signedIn('auditor');
    const verdict = (await viewer.app
      .service('einvoice-validation')
      .create({ file: Buffer.from(brokenXml()).toString('base64'), fileName: 'x.xml' })) as EInvoiceVerdict;
    expect(verdict.findings.map((f) => f.rule)).toEqual(expect.arrayContaining(['BR-CO-15', 'BR-DE-15']));
    await expect(viewer.app.service('einvoice-validation').create({ file: Buffer.from('hello').toString('base64') })).rejects.toMatchObject({
      name: 'BadRequest',
      code: 400,
    });
    await expect(viewer.app.service('einvoice-validation').create({ xml: '<x/>' })).rejects.toMatchObject({ name: 'BadRequest' });
  });

  it('checks an uploaded e-invoice on arrival, filters the invalid ones, and asks for a reason to confirm one', async () => {
    const viewer = await session.signedIn('client1');
    const { status, body } = await session.upload('client1', 1001, [
      { name: 'xrechnung-broken.xml', bytes: Buffer.from(withoutBuyerReference()) },
      { name: 'xrechnung-valid.xml', bytes: Buffer.from(validXml()) },
    ]);
    expect(status).toBe(201);
    const [brokenId, validId] = body.files!.map((f) => f.documentId!);
    const broken = await eventually(async () => {
      const doc = (await viewer.app.service('documents').get(brokenId)) as DocumentRecord;
      return doc.einvoice_validity ? doc : undefined;
    });
    expect(broken).toMatchObject({
      einvoice_validity: 'invalid',
      einvoice_validation: { valid: false, validity: 'invalid', counts: { fatal: expect.any(Number) }, rulesVersion: expect.any(String) },
    });
    expect(broken.einvoice_validation!.findings.map((f) => f.rule)).toContain('BR-DE-15');
    const valid = await eventually(async () => {
      const doc = (await viewer.app.service('documents').get(validId)) as DocumentRecord;
      return doc.einvoice_validity ? doc : undefined;
    });
    expect(valid.einvoice_validity).toBe('valid');
    const invalidOnes = (await viewer.app.service('documents').find({ query: { client_no: 1001, einvoice_validity: 'invalid' } })) as {
      data: DocumentRecord[];
    };
    expect(invalidOnes.data.map((d) => d.id)).toEqual([brokenId]);

    const approver = await session.signedIn('accountant');
    await expect(approver.app.service('documents').patch(brokenId, { action: 'confirm' })).rejects.toMatchObject({
      message: expect.stringMatching(/needs a reason/),
    });
    const confirmed = (await approver.app
      .service('documents')
      .patch(brokenId, { action: 'confirm', reason: 'Corrected invoice requested; amounts checked by hand.' })) as DocumentRecord;
    expect(confirmed).toMatchObject({ confirmed: true, einvoice_confirm_reason: 'Corrected invoice requested; amounts checked by hand.' });
    const history = (await approver.app.service('document-history').find({ query: { documentId: brokenId } })) as DocumentHistory;
    expect(history.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['einvoice-validated', 'confirmed']));
    const confirmation = history.entries.find((e) => e.kind === 'confirmed')!;
    expect(confirmation.changes).toContainEqual({ field: 'einvoice_confirm_reason', old: null, new: 'Corrected invoice requested; amounts checked by hand.' });
  });

  it('counts the invalid e-invoices of the month per client in the firm overview and in the processing report', async () => {
    const admin = await session.signedIn('admin');
    // The firm's month and day: the overview and the report count in the firm's time zone, not UTC.
    const day = dayIn(DEFAULT_TIME_ZONE, new Date());
    const month = day.slice(0, 7);
    const overviewRow = async () => ((await admin.app.service('firm-overview').find({ query: { client_no: 1002 } })) as Paginated<FirmOverviewRow>).data[0]!;
    const processing = async () =>
      ((await admin.app.service('reports').find({ query: { client_no: 1002, report: 'processing', from: `${month}-01`, to: day } })) as ReportResult)
        .body as ProcessingReport;
    const invalidIn = (report: ProcessingReport) => report.invalidEInvoices.find((m) => m.month === month)?.count ?? 0;
    const [rowBefore, reportBefore] = [await overviewRow(), await processing()];
    const { status } = await session.upload('admin', 1002, [
      { name: 'xrechnung-broken.xml', bytes: Buffer.from(withoutBuyerReference().replace('RE-NOREF-1', 'RE-NOREF-2')) },
      { name: 'xrechnung-valid.xml', bytes: Buffer.from(validXml().replace('RE-VALID-1', 'RE-VALID-2')) },
    ]);
    expect(status).toBe(201);
    const row = await eventually(async () => {
      const now = await overviewRow();
      return now.invalid_einvoices > rowBefore.invalid_einvoices ? now : undefined;
    });
    expect(row.invalid_einvoices).toBe(rowBefore.invalid_einvoices + 1);
    const report = await eventually(async () => {
      const now = await processing();
      return invalidIn(now) > invalidIn(reportBefore) ? now : undefined;
    });
    expect(invalidIn(report)).toBe(invalidIn(reportBefore) + 1);
    expect(
      ((await admin.app.service('reports').find({ query: { client_no: 1002, report: 'processing', from: `${month}-01`, to: day } })) as ReportResult).lines,
    ).toContainEqual(expect.objectContaining({ key: `einvoices:invalid:${month}`, section: 'einvoices', term: 'invalidEInvoices', value: invalidIn(report) }));
  });
});
