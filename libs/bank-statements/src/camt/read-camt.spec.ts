import { parseStatementFile } from '../read-statement-file';
import { readText, reconciles, sample, sampleText } from '../../test/samples';

const v02 = sampleText('camt053-v02.xml');
const read = (xml: string) => readText(xml);

/** A minimal statement of a message and version, with the given entries; balances that add up. */
function camt(
  options: {
    message?: 'camt.052' | 'camt.053' | 'camt.054';
    version?: string;
    entries?: string;
    balances?: string;
    root?: string;
    wrap?: (doc: string) => string;
  } = {},
): string {
  const message = options.message ?? 'camt.053';
  const [root, block] =
    message === 'camt.052' ? ['BkToCstmrAcctRpt', 'Rpt'] : message === 'camt.054' ? ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'] : ['BkToCstmrStmt', 'Stmt'];
  const doc = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message}.001.${options.version ?? '08'}"><${root}><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-05-04T18:00:00</CreDtTm></GrpHdr><${block}><Id>S1</Id><CreDtTm>2026-05-04T18:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${options.balances ?? ''}${options.entries ?? ''}</${block}></${root}></Document>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${options.wrap ? options.wrap(doc) : doc}`;
}
const bal = (code: string, cents: number, day = '2026-05-04') =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${(Math.abs(cents) / 100).toFixed(2)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
const ntry = (cents: number, extra = '', status = '<Sts><Cd>BOOK</Cd></Sts>') =>
  `<Ntry><Amt Ccy="EUR">${(Math.abs(cents) / 100).toFixed(2)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>${status}<BookgDt><Dt>2026-05-04</Dt></BookgDt><ValDt><Dt>2026-05-04</Dt></ValDt>${extra}</Ntry>`;

describe('camt.053.001.02', () => {
  const file = read(v02);
  const statement = file.statements[0]!;

  it('reads the account, sequence, period and balances, a negative closing balance included', () => {
    expect(file).toMatchObject({ format: 'camt.053.001.02', bank: 'UniCredit Bank Austria AG' });
    expect(statement).toMatchObject({
      kind: 'statement',
      statementId: 'AT611904300234573201-2026-03-31',
      sequence: '61',
      iban: 'AT611904300234573201',
      currency: 'EUR',
      bic: 'BKAUATWW',
      bankName: 'UniCredit Bank Austria AG',
      from: '2026-03-30',
      to: '2026-03-31',
      opening: { amountCents: 100_000, date: '2026-03-30' },
      closing: { amountCents: -37_410, date: '2026-03-31' },
    });
    expect(reconciles(statement)).toBe(true);
  });

  it('reads a credit with the debtor as counterparty, umlauts intact', () => {
    expect(statement.entries[0]).toMatchObject({
      status: 'booked',
      bookingDate: '2026-03-30',
      amountCents: 238_000,
      counterpartyName: 'Müller Gaststätten GmbH',
      counterpartyIban: 'DE89370400440532013000',
      counterpartyBic: 'COBADEFFXXX',
      remittance: 'Rechnung AR-2026-0012 Catering Frühjahrsempfang, Überweisung',
      endToEndId: 'AR-2026-0012',
      bankReference: '2026033000012345',
      bankCode: 'PMNT-RCDT-ESCT',
    });
  });

  it('reads a debit with the creditor as counterparty and drops NOTPROVIDED', () => {
    expect(statement.entries[1]).toMatchObject({
      amountCents: -500_000,
      counterpartyName: 'Immobilien Höttinger Au KG',
      counterpartyIban: 'AT483200000012345864',
      endToEndId: null,
    });
  });

  it('marks a reversal (RvslInd) and books it in the direction of its CdtDbtInd', () => {
    expect(statement.entries[2]).toMatchObject({
      reversal: true,
      amountCents: 4_590,
      mandateId: 'MANDAT-2019-77',
      remittance: 'Rücklastschrift Abschlag März',
    });
  });

  it('splits a batch entry into its transactions, each with its own party and amount, sharing the booking key', () => {
    const batch = statement.entries.filter((e) => e.batchRef === 'r:2026033100000900|2026-03-31|120000');
    expect(batch.map((e) => [e.counterpartyName, e.amountCents, e.endToEndId])).toEqual([
      ['Pension Sonnhof', 40_000, 'GUT-2026-031'],
      ['Café Zöhrer', 35_000, 'GUT-2026-032'],
      ['Hotel Weißes Rössl', 45_000, 'GUT-2026-033'],
    ]);
    expect(new Set(statement.entries.map((e) => e.key)).size).toBe(statement.entries.length);
  });

  it('keeps a batch whole when its transactions do not add up to the entry', () => {
    const entries = read(v02.replace('<Amt Ccy="EUR">450.00</Amt>', '<Amt Ccy="EUR">451.00</Amt>')).statements[0]!.entries;
    const batch = entries.filter((e) => e.amountCents === 120_000);
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ batchRef: null, counterpartyName: 'Pension Sonnhof, Café Zöhrer, Hotel Weißes Rössl' });
  });

  it('gives the same keys when the file is read again', () => {
    expect(read(v02).statements[0]!.entries.map((e) => e.key)).toEqual(statement.entries.map((e) => e.key));
  });
});

describe('camt.053.001.08', () => {
  const statement = parseStatementFile(sample('camt053-v08.xml')).statements[0]!;

  it('reads BICFI, Sts/Cd, Pty names, the previous closing balance as opening and a structured creditor reference', () => {
    expect(statement).toMatchObject({
      format: 'camt.053.001.08',
      sequence: '62',
      bic: 'BKAUATWW',
      opening: { amountCents: -37_410, date: '2026-03-31' },
      closing: { amountCents: 81_590 },
    });
    expect(statement.entries[0]).toMatchObject({
      amountCents: 119_000,
      counterpartyName: 'Hüttenwirt Gögele',
      counterpartyBic: 'RLNWATWW',
      reference: 'RF18539007547034',
      endToEndId: 'E2E-TIROLER-88',
    });
    expect(reconciles(statement)).toBe(true);
  });

  it('reads a pending entry and takes its text from AddtlNtryInf', () => {
    expect(statement.entries[1]).toMatchObject({ status: 'pending', amountCents: -8_999, remittance: 'Kartenzahlung Metro Innsbruck 01.04. 17:42' });
  });
});

describe('every camt version and spelling', () => {
  it.each(['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'])('reads camt.053.001.%s', (version) => {
    const file = read(camt({ version, balances: bal('OPBD', 1_000) + bal('CLBD', 1_500), entries: ntry(500) }));
    expect(file.format).toBe(`camt.053.001.${version}`);
    expect(file.statements[0]).toMatchObject({ opening: { amountCents: 1_000 }, closing: { amountCents: 1_500 } });
  });

  it('reads a namespace prefix on every element and xsi attributes anywhere, also before the default namespace', () => {
    const prefixed = camt({ balances: bal('OPBD', 0) + bal('CLBD', -250), entries: ntry(-250) })
      .replace('<Document xmlns=', '<Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="x y" xmlns:c=')
      .replace(/<(\/?)(?!\?)(?!c:)([A-Za-z]+)/g, '<$1c:$2')
      .replace('<c:Ntry>', '<c:Ntry xsi:type="c:ReportEntry">');
    expect(prefixed).toContain('<c:Stmt>');
    expect(read(prefixed).statements[0]).toMatchObject({ iban: 'DE89370400440532013000', closing: { amountCents: -250 }, entries: [{ amountCents: -250 }] });
  });

  it('reads a document without namespace by its message element, as camt.053 without version', () => {
    expect(read(camt().replace(/ xmlns="[^"]+"/, '')).format).toBe('camt.053');
  });

  it('finds the message inside a business application header envelope, the version from MsgDefIdr', () => {
    const wrapped = camt({
      wrap: (doc) =>
        `<message><AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.01"><MsgDefIdr>camt.053.001.07</MsgDefIdr></AppHdr>${doc.replace(/ xmlns="[^"]+"/, '')}</message>`,
    });
    expect(read(wrapped).format).toBe('camt.053.001.07');
  });

  it('reads the German DK transaction code (Prtry, GV code) when an entry has no ISO code', () => {
    const entry = ntry(100, '<BkTxCd><Prtry><Cd>NTRF+166+00931</Cd><Issr>DK</Issr></Prtry></BkTxCd>');
    expect(read(camt({ entries: entry })).statements[0]!.entries[0]!.bankCode).toBe('NTRF+166+00931');
  });

  it('reads CDATA, character references and comments in text', () => {
    const entry = ntry(
      100,
      '<NtryDtls><TxDtls><RmtInf><Ustrd><![CDATA[Rechnung <A&B>]]> &#252;ber &amp; mehr<!-- note --></Ustrd></RmtInf></TxDtls></NtryDtls>',
    );
    expect(read(camt({ entries: entry })).statements[0]!.entries[0]!.remittance).toBe('Rechnung <A&B> über & mehr');
  });
});

describe('camt.052 intraday reports', () => {
  it('reads pending entries (PDNG, also without booking date) and the interim balance as closing', () => {
    const pendingWithoutDate = `<Ntry><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts></Ntry>`;
    const file = read(
      camt({ message: 'camt.052', version: '02', balances: bal('OPBD', 10_000) + bal('ITBD', 12_000), entries: ntry(2_000) + pendingWithoutDate }),
    );
    expect(file.format).toBe('camt.052.001.02');
    const [report] = file.statements;
    expect(report).toMatchObject({ kind: 'report', opening: { amountCents: 10_000 }, closing: { amountCents: 12_000 } });
    expect(report!.entries.map((e) => [e.status, e.amountCents, e.bookingDate])).toEqual([
      ['booked', 2_000, '2026-05-04'],
      ['pending', -1_250, '2026-05-04'],
    ]);
  });
});

describe('a booked entry without any date', () => {
  const undated = `<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts></Ntry>`;

  it("is put on the last day of its statement's period, and named where it is for a warning", () => {
    const period = '<FrToDt><FrDtTm>2026-05-01T00:00:00</FrDtTm><ToDtTm>2026-05-31T23:59:59</ToDtTm></FrToDt>';
    const file = read(camt({ balances: bal('OPBD', 10_000) + bal('CLBD', 10_500), entries: undated, wrap: (doc) => doc.replace('<Acct>', `${period}<Acct>`) }));
    expect(file.statements[0]!.entries.map((e) => [e.bookingDate, e.valueDate, e.amountCents])).toEqual([['2026-05-31', null, 500]]);
    expect(file.undatedEntries).toEqual(['Stmt 1, Ntry 1 (line 2)']);
    expect(reconciles(file.statements[0]!)).toBe(true);
  });

  it('is put on the day of its statement when the statement names no period', () => {
    const file = read(camt({ balances: bal('OPBD', 10_000) + bal('CLBD', 10_500), entries: undated }));
    expect(file.statements[0]!.entries.map((e) => e.bookingDate)).toEqual(['2026-05-04']);
    expect(file.undatedEntries).toHaveLength(1);
  });

  it('leaves a file whose entries have their dates without the list', () => {
    expect(read(camt({ balances: bal('OPBD', 10_000) + bal('CLBD', 12_000), entries: ntry(2_000) })).undatedEntries).toBeUndefined();
  });
});

describe('camt.054 notifications', () => {
  it('reads the transactions of a batch booking as its parts, keyed to the booking', () => {
    const tx = (cents: number, e2e: string, name: string) =>
      `<TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${(cents / 100).toFixed(2)}</Amt></TxAmt></AmtDtls><RltdPties><Dbtr><Pty><Nm>${name}</Nm></Pty></Dbtr></RltdPties></TxDtls>`;
    const batch = ntry(
      3_000,
      `<AcctSvcrRef>B-77</AcctSvcrRef><NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>${tx(1_000, 'E1', 'Anna')}${tx(2_000, 'E2', 'Berta')}</NtryDtls>`,
    );
    const [notification] = read(camt({ message: 'camt.054', version: '04', entries: batch })).statements;
    expect(notification).toMatchObject({ kind: 'notification', opening: null, closing: null });
    expect(notification!.entries.map((e) => [e.counterpartyName, e.amountCents, e.batchRef])).toEqual([
      ['Anna', 1_000, 'r:B-77|2026-05-04|3000'],
      ['Berta', 2_000, 'r:B-77|2026-05-04|3000'],
    ]);
  });
});

describe('camt files that are not statements', () => {
  it('refuses truncated XML naming the line and what is not closed', () => {
    expect(() => read(v02.slice(0, 2000))).toThrow(
      /^Malformed XML at line \d+: the file ends before Document\/BkToCstmrStmt\/Stmt\/Ntry\/[\w/]+ is closed \(truncated\?\)\.$/,
    );
    expect(() => read(v02.replace('</Ntry>', '</Nrty>'))).toThrow(/^Malformed XML at line \d+: the end tag <\/Nrty> does not close <Ntry>\.$/);
  });

  it('refuses a DOCTYPE naming its line, before any entity is expanded', () => {
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n<Document><BkToCstmrStmt>&lol2;</BkToCstmrStmt></Document>`;
    expect(() => read(bomb)).toThrow('Line 2: the XML declares a document type (DOCTYPE); statement files have none, so it is not read.');
  });

  it('refuses an undefined entity naming the line', () => {
    expect(() => read(camt({ entries: ntry(100, '<AddtlNtryInf>&xxe;</AddtlNtryInf>') }))).toThrow(
      /Malformed XML at line 2: the entity &xxe; is not defined\./,
    );
  });

  it('refuses a camt namespace without a statement, naming the missing element', () => {
    expect(() => read('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.03"></Document>')).toThrow(
      'Element Document/BkToCstmrStmt (or BkToCstmrAcctRpt, BkToCstmrDbtCdtNtfctn) is missing (namespace urn:iso:std:iso:20022:tech:xsd:camt.053.001.03): the file holds no bank statement.',
    );
    expect(() => read(camt().replace(/<Stmt>.*<\/Stmt>/, ''))).toThrow('Element BkToCstmrStmt/Stmt is missing: the file holds no statement.');
  });

  it('refuses an entry without amount, with a garbled amount or a wrong indicator, naming the entry and its line', () => {
    expect(() => read(v02.replace('<Amt Ccy="EUR">5000.00</Amt>', ''))).toThrow(/^Stmt 1, Ntry 2 \(line \d+\): element Amt is missing\.$/);
    expect(() => read(v02.replace('<Amt Ccy="EUR">5000.00</Amt>', '<Amt Ccy="EUR">50..00</Amt>'))).toThrow(
      /^Stmt 1, Ntry 2 \(line \d+\): Amt "50..00" is not an amount\.$/,
    );
    expect(() => read(v02.replace('<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>BOOK</Sts>', '<CdtDbtInd>DEBIT</CdtDbtInd><Sts>BOOK</Sts>'))).toThrow(
      /^Stmt 1, Ntry 2 \(line \d+\): CdtDbtInd must be CRDT or DBIT, not "DEBIT"\.$/,
    );
  });

  it('refuses XML that is not a statement, naming its root element', () => {
    expect(() => read('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).toThrow(
      'Not a camt statement: the root element is <Invoice> (namespace urn:oasis:names:specification:ubl:schema:xsd:Invoice-2), not an ISO 20022 Document with BkToCstmrStmt.',
    );
  });
});

// ISO 20022 ActiveOrHistoricCurrencyAndAmount (every Amt of a camt.052/053/054): at most 18 digits, 5 of them after
// the point (xs:decimal, totalDigits 18, fractionDigits 5). A file whose amount breaks that is not a valid message.
describe('camt amounts as the ISO 20022 schema allows them', () => {
  const amount = (text: string) => `<Amt Ccy="EUR">${text}</Amt>`;

  it('refuses a balance with more than five fraction digits, naming the report, the balance and the element', () => {
    const balances = bal('OPBD', 10_000).replace(amount('100.00'), amount('100.0000000000005')) + bal('ITBD', 12_000);
    expect(() => read(camt({ message: 'camt.052', version: '02', balances, entries: ntry(2_000) }))).toThrow(
      'Rpt 1, Bal 1: Amt "100.0000000000005" has 13 fraction digits; an ISO 20022 amount has at most 5.',
    );
  });

  it('refuses an entry of more than eighteen digits, naming the entry and its line', () => {
    expect(() => read(camt({ entries: ntry(1_000) + ntry(2_000).replace(amount('20.00'), amount('1234567890123456789.00')) }))).toThrow(
      /^Stmt 1, Ntry 2 \(line \d+\): Amt "1234567890123456789\.00" has 19 digits; an ISO 20022 amount has at most 18\.$/,
    );
  });

  it('refuses a transaction of a batch booking with more than five fraction digits, naming the transaction', () => {
    const tx = (text: string) => `<TxDtls><AmtDtls><TxAmt>${amount(text)}</TxAmt></AmtDtls></TxDtls>`;
    const batch = ntry(3_000, `<NtryDtls>${tx('10.00')}${tx('20.000000')}${tx('0.0000001')}</NtryDtls>`);
    expect(() => read(camt({ message: 'camt.054', version: '04', entries: batch }))).toThrow(
      /^Ntfctn 1, Ntry 1 \(line \d+\), TxDtls 3: AmtDtls\/TxAmt\/Amt "0\.0000001" has 7 fraction digits; an ISO 20022 amount has at most 5\.$/,
    );
  });

  it('reads trailing zeros up to the schema as the same cents, and books sub-cent digits to the nearest cent, half away from zero', () => {
    const balances = bal('OPBD', 10_000).replace(amount('100.00'), amount('100.00000')) + bal('CLBD', 13_035);
    const entries = ntry(1_000).replace(amount('10.00'), amount('10.004')) + ntry(2_000).replace(amount('20.00'), amount('20.345'));
    const [statement] = read(camt({ balances, entries })).statements;
    expect(statement).toMatchObject({ opening: { amountCents: 10_000 }, closing: { amountCents: 13_035 } });
    expect(statement!.entries.map((e) => e.amountCents)).toEqual([1_000, 2_035]);
  });
});
