import type { BankAccount, BankImport, StatementPreview } from '@portal/contracts';
import { composeIBAN } from '@portal/domain';
import { zipSync } from 'fflate';
import { camtWith, expectResponsive, healthWhile as healthWhileAt, idleHealth as idleHealthAt, PortalSession } from '@portal/tools';

jest.setTimeout(300_000);

const session = PortalSession.start();
const YEAR = new Date().getUTCFullYear();

async function post(username: string, client: number, name: string, bytes: Uint8Array, query = '') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${session.url}/api/banking/statements?client=${client}${query}`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await session.token(username)}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const healthWhile = <T>(work: () => Promise<T>) => healthWhileAt(session.url, work);
const idleHealth = () => idleHealthAt(session.url);

const csv = (rows: string[]) => Buffer.from(['Kontoauszug', 'Datum;Empfänger;Zweck;Betrag', ...rows].join('\r\n'), 'utf8');

describe('statement upload (POST /api/banking/statements)', () => {
  it("answers 403 without adm or ban, 404 for another client's account, and 400 naming the line for a file that is no statement", async () => {
    const forbidden = await post('accountant', 1001, 'x.csv', csv([]));
    expect(forbidden).toMatchObject({ status: 403, body: { name: 'Forbidden', message: 'Importing statements needs the permission adm or ban.' } });
    expect((await post('client1', 1002, 'x.csv', csv([]))).status).toBe(404);
    expect((await post('client1', 1001, 'x.csv', csv([]), '&account=1002-AT000')).status).toBe(404);
    expect((await post('client1', 1001, 'x.csv', csv([]), `&accounts=${encodeURIComponent(JSON.stringify({ '1/2': '1002-AT000' }))}`)).status).toBe(404);
    expect(await post('client1', 1001, 'broken.xml', Buffer.from('<Document><BkToCstmrStmt>'))).toMatchObject({
      status: 400,
      body: { message: 'broken.xml: Malformed XML at line 1: the file ends before Document/BkToCstmrStmt is closed (truncated?).' },
    });
  });

  it('answers 400 for XML with a DOCTYPE, before an entity is expanded, and records nothing', async () => {
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>&c;</BkToCstmrStmt></Document>`;
    const before = (
      (await (await session.signedIn('client1')).app.service('bank-imports').find({ query: { client_no: 1001, $limit: 0 } })) as { total: number }
    ).total;
    for (const query of ['&preview=1', '']) {
      expect(await post('client1', 1001, 'doctype.xml', Buffer.from(bomb), query)).toMatchObject({
        status: 400,
        body: { name: 'BadRequest', message: 'doctype.xml: Line 2: the XML declares a document type (DOCTYPE); statement files have none, so it is not read.' },
      });
    }
    expect(
      ((await (await session.signedIn('client1')).app.service('bank-imports').find({ query: { client_no: 1001, $limit: 0 } })) as { total: number }).total,
    ).toBe(before);
  });

  it('answers 400 naming the balance for an amount with more fraction digits than ISO 20022 allows, and records nothing', async () => {
    const app = (await session.signedIn('client1')).app;
    const count = async (service: string) => ((await app.service(service).find({ query: { client_no: 1001, $limit: 0 } })) as { total: number }).total;
    const [imports, accounts] = [await count('bank-imports'), await count('bank-accounts')];
    const bal = (code: string, amount: string) =>
      `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${YEAR}-05-04</Dt></Dt></Bal>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>${YEAR}-05-04T18:00:00</CreDtTm></GrpHdr><Stmt><Id>S1</Id><CreDtTm>${YEAR}-05-04T18:00:00</CreDtTm><Acct><Id><IBAN>DE75512108001245126199</IBAN></Id><Ccy>EUR</Ccy></Acct>${bal('OPBD', '100.0000000000005')}${bal('CLBD', '100.00')}</Stmt></BkToCstmrStmt></Document>`;
    for (const query of ['&preview=1', '']) {
      expect(await post('client1', 1001, 'saldo.xml', Buffer.from(xml), query)).toMatchObject({
        status: 400,
        body: { name: 'BadRequest', message: 'saldo.xml: Stmt 1, Bal 1: Amt "100.0000000000005" has 13 fraction digits; an ISO 20022 amount has at most 5.' },
      });
    }
    expect([await count('bank-imports'), await count('bank-accounts')]).toEqual([imports, accounts]);
  });

  it('previews a CSV for the mapping dialog, then imports it into the chosen account with the saved mapping, and adds nothing the second time', async () => {
    const accounts = (await session.signedIn('client1')).app.service('bank-accounts');
    const iban = composeIBAN({ countryCode: 'AT', bban: `32000${String(Date.now() % 1e11).padStart(11, '0')}` })!;
    const account = (await accounts.create({
      client_no: 1001,
      iban,
      bic: null,
      bank_name: 'Raiffeisen',
      type: 'checking',
      currency: 'EUR',
      label: 'CSV-Konto',
      opening_balance_cents: 0,
      opening_date: `${YEAR}-01-01`,
    })) as BankAccount;
    const file = csv([`10.01.${YEAR};Gasthof Post;Rechnung AR-1;250,00`, `12.01.${YEAR};Metro;Einkauf;-45,50`]);

    const preview = (await post('client1', 1001, 'bank.csv', file, '&preview=1&skip=1')).body as unknown as StatementPreview;
    expect(preview).toMatchObject({
      kind: 'csv',
      recognised: false,
      bank: null,
      needsAccount: true,
      columns: ['Datum', 'Empfänger', 'Zweck', 'Betrag'],
      delimiter: ';',
    });
    expect(preview.rows).toHaveLength(2);
    // Without a saved mapping the import asks for one and records nothing.
    expect((await post('client1', 1001, 'bank.csv', file, `&account=${account.id}`)).status).toBe(400);

    await accounts.patch(account.id, {
      csv_mapping: {
        delimiter: ';',
        decimal: ',',
        dateFormat: 'DD.MM.YYYY',
        skipLines: 1,
        bookingDate: 'Datum',
        valueDate: null,
        amount: 'Betrag',
        debit: null,
        credit: null,
        counterpartyName: 'Empfänger',
        counterpartyIban: null,
        remittance: 'Zweck',
        reference: null,
        currency: null,
      },
    });
    const first = await post('client1', 1001, 'bank.csv', file, `&account=${account.id}`);
    expect(first.status).toBe(201);
    expect(first.body as unknown as BankImport).toMatchObject({ format: 'csv', bank: null, added: 2, duplicates: 0 });
    const again = await post('client1', 1001, 'bank.csv', file, `&account=${account.id}`);
    expect(again.body as unknown as BankImport).toMatchObject({ added: 0, duplicates: 2 });
    expect(((await accounts.get(account.id)) as BankAccount).balance_cents).toBe(20_450);
  });

  it('saves a mapping whose amounts take their direction from a column of marks, and imports through it', async () => {
    const accounts = (await session.signedIn('client1')).app.service('bank-accounts');
    const iban = composeIBAN({ countryCode: 'AT', bban: `32000${String((Date.now() + 7) % 1e11).padStart(11, '0')}` })!;
    const account = (await accounts.create({
      client_no: 1001,
      iban,
      bic: null,
      bank_name: 'Volksbank',
      type: 'checking',
      currency: 'EUR',
      label: 'S/H-Konto',
      opening_balance_cents: 0,
      opening_date: `${YEAR}-01-01`,
    })) as BankAccount;
    const mapping = {
      delimiter: ';',
      decimal: ',',
      dateFormat: 'YYYYMMDD',
      skipLines: 0,
      bookingDate: 'Tag',
      valueDate: null,
      amount: 'Umsatz',
      debit: null,
      credit: null,
      counterpartyName: null,
      counterpartyIban: null,
      remittance: 'Text',
      reference: null,
      currency: null,
      debitMark: 'S/H',
      debitMarkText: 'S',
    };
    await expect(accounts.patch(account.id, { csv_mapping: { ...mapping, debitMarkText: 'x'.repeat(21) } })).rejects.toMatchObject({ name: 'BadRequest' });
    await accounts.patch(account.id, { csv_mapping: mapping });
    const file = Buffer.from([`Tag;Text;S/H;Umsatz`, `${YEAR}0110;Miete;S;800,00`, `${YEAR}0111 09:30;Honorar;H;1.250,00`].join('\n'), 'utf8');
    const imported = await post('client1', 1001, 'umsaetze.csv', file, `&account=${account.id}`);
    expect(imported.status).toBe(201);
    expect(imported.body as unknown as BankImport).toMatchObject({ format: 'csv', added: 2 });
    expect(((await accounts.get(account.id)) as BankAccount).balance_cents).toBe(45_000);
  });

  it('previews an export of several accounts through a mapping not saved yet, then imports the rows of each into the account chosen for it', async () => {
    const accounts = (await session.signedIn('client1')).app.service('bank-accounts');
    const opened = async (n: number, label: string) =>
      (await accounts.create({
        client_no: 1001,
        iban: composeIBAN({ countryCode: 'AT', bban: `32000${String((Date.now() + n) % 1e11).padStart(11, '0')}` })!,
        bic: null,
        bank_name: 'C24',
        type: 'checking',
        currency: 'EUR',
        label,
        opening_balance_cents: 0,
        opening_date: `${YEAR}-01-01`,
      })) as BankAccount;
    const [main, savings] = [await opened(11, 'Hauptkonto'), await opened(13, 'Sparkonto')];
    const file = Buffer.from(
      [
        'Buchungsdatum,Betrag,Verwendungszweck,Kontonummer',
        `05.02.${YEAR},"-123,45 €",Umbuchung,0987654321`,
        `05.02.${YEAR},"123,45 €",Umbuchung,1234567890`,
        `06.02.${YEAR},"-50,00 €",Spende,1234567890`,
      ].join('\n'),
      'utf8',
    );
    const mapping = {
      delimiter: ',',
      decimal: ',',
      dateFormat: 'DD.MM.YYYY',
      skipLines: 0,
      bookingDate: 'Buchungsdatum',
      valueDate: null,
      amount: 'Betrag',
      debit: null,
      credit: null,
      counterpartyName: null,
      counterpartyIban: null,
      remittance: 'Verwendungszweck',
      reference: null,
      currency: null,
      ownAccount: 'Kontonummer',
    };
    const query = (q: Record<string, unknown>) =>
      Object.entries(q)
        .map(([k, v]) => `&${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
        .join('');

    const preview = (await post('client1', 1001, 'c24.csv', file, query({ preview: '1', account: main.id, mapping }))).body as unknown as StatementPreview;
    expect(preview).toMatchObject({ statements: 2, entries: 3, needsAccount: true });
    expect(preview.accounts).toEqual([
      { text: '0987654321', iban: null, statements: 1 },
      { text: '1234567890', iban: null, statements: 1 },
    ]);
    // A mapping that is no mapping, and one sent with an import, are refused before the file is read.
    expect(await post('client1', 1001, 'c24.csv', file, query({ preview: '1', mapping: { ...mapping, bookingDate: '' } }))).toMatchObject({
      status: 400,
      body: { message: 'mapping: bookingDate: Choose the booking date column.' },
    });
    expect((await post('client1', 1001, 'c24.csv', file, query({ preview: '1', mapping: '{' }))).status).toBe(400);
    expect((await post('client1', 1001, 'c24.csv', file, query({ account: main.id, mapping }))).status).toBe(400);

    await accounts.patch(main.id, { csv_mapping: mapping });
    // Two accounts without IBAN and no choice for them: the server does not guess.
    expect(await post('client1', 1001, 'c24.csv', file, query({ account: main.id }))).toMatchObject({ status: 422 });
    const imported = await post('client1', 1001, 'c24.csv', file, query({ account: main.id, accounts: { '0987654321': main.id, '1234567890': savings.id } }));
    expect(imported.status).toBe(201);
    expect(imported.body as unknown as BankImport).toMatchObject({
      added: 3,
      statements: [
        { account_id: main.id, added: 1 },
        { account_id: savings.id, added: 2 },
      ],
    });
    expect(((await accounts.get(main.id)) as BankAccount).balance_cents).toBe(-12_345);
    expect(((await accounts.get(savings.id)) as BankAccount).balance_cents).toBe(7_345);
  });

  it("previews a bank's own CSV export with the recognised bank and imports it without a mapping", async () => {
    const iban = composeIBAN({ countryCode: 'DE', bban: `37040044${String(Date.now() % 1e10).padStart(10, '0')}` })!;
    const file = Buffer.from(
      [
        'Bezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Gekennzeichneter Umsatz;Glaeubiger ID;Mandatsreferenz',
        `Giro;${iban};GENODEF1;VR Bank;04.01.${YEAR};04.01.${YEAR};Versicherung AG;;;Basislastschrift;Beitrag;-45,11;EUR;954,89;;;;`,
        `Giro;${iban};GENODEF1;VR Bank;05.01.${YEAR};05.01.${YEAR};Kunde;;;Gutschrift;Rechnung 7;200,00;EUR;1.154,89;;;;`,
      ].join('\r\n'),
    );
    const preview = (await post('client1', 1001, 'umsaetze.csv', file, '&preview=1')).body as unknown as StatementPreview;
    expect(preview).toMatchObject({
      kind: 'csv',
      format: 'csv',
      bank: 'Volksbank Raiffeisenbank',
      recognised: true,
      ibans: [iban],
      needsAccount: false,
      statements: 1,
      entries: 2,
      warnings: [],
    });
    const record = (await post('client1', 1001, 'umsaetze.csv', file)).body as unknown as BankImport;
    expect(record).toMatchObject({
      format: 'csv',
      bank: 'Volksbank Raiffeisenbank',
      added: 2,
      statements: [{ opening_cents: 100_000, closing_cents: 115_489 }],
      warnings: [],
    });
  });

  it('refuses a ZIP whose headers lie about its sizes as soon as the inflated bytes pass the limit, while /health keeps answering', async () => {
    const zip = zipSync({ 'statement.xml': new Uint8Array(96 * 1024 * 1024) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let i = 0; i + 4 <= zip.length; i++) {
      if (view.getUint32(i, true) === 0x04034b50) view.setUint32(i + 22, 1_000, true);
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 1_000, true);
    }
    const idle = await idleHealth();
    const started = performance.now();
    const { result, p99, max, polls } = await healthWhile(() => post('client1', 1001, 'bundle.zip', zip));
    const ms = performance.now() - started;
    console.log(
      `${idle}\nlying ZIP (${Math.round(zip.length / 1024)} KB, 96 MB inflated): refused after ${Math.round(ms)} ms; /health p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${polls} polls`,
    );
    expect(result).toMatchObject({
      status: 400,
      body: { message: 'bundle.zip: The ZIP archive is too large to import: statement.xml unpacks to more than 64 MB (at most 64 MB a file, 256 MB in all).' },
    });
    expectResponsive({ p99, max }, ms);
  });

  // The 20 MB file is previewed and imported: the import's projection writes tens of thousands of records, in slices
  // that give the event loop back (how fast it books them is `npm run bench -- --only=statements`).
  it('previews and imports a 20 MB camt.053 while /health answers within 50 ms (p99)', async () => {
    const mb = 20;
    const entries = Math.round((mb * 1024 * 1024) / 440);
    const xml = Buffer.from(
      camtWith(entries).replace('AT611904300234573201', composeIBAN({ countryCode: 'AT', bban: `19043${String(mb).padStart(11, '0')}` })!),
    );
    const idle = await idleHealth();
    let started = performance.now();
    const preview = await healthWhile(() => post('admin', 1001, `large-${mb}.xml`, xml, '&preview=1'));
    const previewMs = performance.now() - started;
    const line = (name: string, ms: number, f: { p99: number; max: number; polls: number }) =>
      `${name} ${Math.round(ms)} ms; /health p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms over ${f.polls} polls`;
    expect(preview.result).toMatchObject({ status: 200, body: { format: 'camt.053.001.08', entries, warnings: [] } });
    expectResponsive(preview, previewMs);
    started = performance.now();
    const record = await healthWhile(() => post('admin', 1001, `large-${mb}.xml`, xml));
    const importMs = performance.now() - started;
    console.log(
      `${idle}\ncamt.053 of ${(xml.length / 1048576).toFixed(1)} MB (${entries} entries): ${line('preview', previewMs, preview)}; ${line('import', importMs, record)}`,
    );
    expect(record.result).toMatchObject({ status: 201, body: { added: entries, warnings: [] } });
    expectResponsive(record, importMs);
  }, 600_000);
});
