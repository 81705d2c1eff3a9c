import { readText } from '../../test/samples';

/**
 * camt.052/053/054 as the ISO 20022 message definitions (.001.02 to .001.13) and the German DK "Datenformate"
 * (annex 3) write them: samples written by hand from those texts, one rule each.
 */
const NS = (message: string, version: string) => `urn:iso:std:iso:20022:tech:xsd:${message}.001.${version}`;
const ROOTS = { 'camt.052': ['BkToCstmrAcctRpt', 'Rpt'], 'camt.053': ['BkToCstmrStmt', 'Stmt'], 'camt.054': ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'] } as const;

const balance = (type: string, amount: string, side: 'CRDT' | 'DBIT', day: string) =>
  `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;

function document(message: keyof typeof ROOTS, version: string, body: string, rootAttributes = ''): string {
  const [root, block] = ROOTS[message];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${NS(message, version)}"${rootAttributes}>`,
    `  <${root}>`,
    '    <GrpHdr><MsgId>052D2026-11-30</MsgId><CreDtTm>2026-11-30T10:15:00+01:00</CreDtTm></GrpHdr>',
    `    <${block}>`,
    '      <Id>2026-11-30-001</Id>',
    '      <CreDtTm>2026-11-30T10:15:00+01:00</CreDtTm>',
    '      <Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BIC>BYLADEM1001</BIC></FinInstnId></Svcr></Acct>',
    body,
    `    </${block}>`,
    `  </${root}>`,
    '</Document>',
  ].join('\n');
}

describe('camt versions and spellings', () => {
  it.each([
    ['camt.052', '02'],
    ['camt.052', '08'],
    ['camt.052', '13'],
    ['camt.054', '02'],
    ['camt.054', '08'],
    ['camt.054', '13'],
  ] as const)('reads %s.001.%s by its namespace', (message, version) => {
    const entry =
      '<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt><ValDt><Dt>2026-11-30</Dt></ValDt></Ntry>';
    const file = readText(document(message, version, entry));
    expect(file.format).toBe(`${message}.001.${version}`);
    expect(file.statements[0]!.entries.map((e) => e.amountCents)).toEqual([500]);
  });

  it('reads the version from the default namespace when xsi:schemaLocation names the schema file first', () => {
    const xsi =
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 camt.053.001.02.xsd"';
    const text = document('camt.053', '02', balance('OPBD', '1.00', 'CRDT', '2026-11-29') + balance('CLBD', '1.00', 'CRDT', '2026-11-30'), xsi).replace(
      /<Document xmlns="[^"]+"( .*)>/,
      '<Document$1 xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
    );
    expect(text).toMatch(/^<Document xmlns:xsi/m);
    expect(readText(text).format).toBe('camt.053.001.02');
  });

  it('takes the version from the namespace, not from a schemaLocation hint naming another one', () => {
    const stale =
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 camt.053.001.02.xsd"';
    const text = document('camt.053', '08', '', stale).replace(/<Document xmlns="([^"]+)"( .*)>/, '<Document$2 xmlns="$1">');
    expect(text).toMatch(/^<Document xmlns:xsi=.* xmlns="urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.08">$/m);
    expect(readText(text).format).toBe('camt.053.001.08');
  });

  it('reads a prefix on the root only, with the default namespace declared on the message element', () => {
    const text = [
      '<?xml version="1.0"?>',
      '<doc:Document xmlns:doc="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
      '<BkToCstmrStmt xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><GrpHdr><MsgId>1</MsgId></GrpHdr>',
      '<Stmt><Id>1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>',
      balance('PRCD', '10.00', 'DBIT', '2026-11-29'),
      balance('CLBD', '5.00', 'DBIT', '2026-11-30'),
      '<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt></Ntry>',
      '</Stmt></BkToCstmrStmt></doc:Document>',
    ].join('\n');
    expect(readText(text).statements[0]).toMatchObject({ opening: { amountCents: -1_000 }, closing: { amountCents: -500 }, currency: 'EUR' });
  });

  it('reads attributes on any element: Ccy on every amount, xml:lang and an id on others', () => {
    const entry = [
      '<Ntry xml:lang="de"><NtryRef id="r">1</NtryRef><Amt Ccy="EUR">7.10</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts xsi:nil="false" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">BOOK</Sts>',
      '<BookgDt><Dt>2026-11-30</Dt></BookgDt><NtryDtls><TxDtls><AmtDtls><InstdAmt><Amt Ccy="USD">8.00</Amt></InstdAmt><TxAmt><Amt Ccy="EUR">7.10</Amt></TxAmt></AmtDtls>',
      '<RmtInf><Ustrd lang="de">Miete</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>',
    ].join('');
    expect(readText(document('camt.053', '02', entry)).statements[0]!.entries[0]).toMatchObject({ amountCents: -710, currency: 'EUR', remittance: 'Miete' });
  });
});

describe('balances: which open and which close a statement', () => {
  const read = (balances: string) => readText(document('camt.053', '08', balances)).statements[0]!;

  it('opens with OPBD and closes with CLBD, whatever order and whatever other balances stand beside them', () => {
    const s = read(
      balance('CLAV', '99.00', 'CRDT', '2026-11-30') +
        balance('FWAV', '98.00', 'CRDT', '2026-12-01') +
        balance('CLBD', '20.00', 'CRDT', '2026-11-30') +
        balance('PRCD', '11.00', 'CRDT', '2026-11-27') +
        balance('OPBD', '10.00', 'CRDT', '2026-11-30') +
        balance('ITAV', '97.00', 'CRDT', '2026-11-30'),
    );
    expect(s).toMatchObject({ opening: { amountCents: 1_000, date: '2026-11-30' }, closing: { amountCents: 2_000, date: '2026-11-30' } });
  });

  it('opens with PRCD, the previous closing booked balance, when there is no OPBD', () => {
    expect(read(balance('PRCD', '11.00', 'DBIT', '2026-11-27') + balance('CLBD', '0.00', 'CRDT', '2026-11-30')).opening).toEqual({
      amountCents: -1_100,
      date: '2026-11-27',
    });
  });

  it('takes neither an available nor a forward balance as opening or closing', () => {
    const s = read(
      balance('OPAV', '1.00', 'CRDT', '2026-11-30') + balance('CLAV', '2.00', 'CRDT', '2026-11-30') + balance('FWAV', '3.00', 'CRDT', '2026-12-01'),
    );
    expect(s).toMatchObject({ opening: null, closing: null });
  });

  it('reads a balance type given as proprietary code and a balance dated with DtTm', () => {
    const prtry = `<Bal><Tp><CdOrPrtry><Prtry>CLBD</Prtry></CdOrPrtry></Tp><Amt Ccy="EUR">3.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><DtTm>2026-11-30T23:59:59</DtTm></Dt></Bal>`;
    expect(read(balance('OPBD', '3.00', 'CRDT', '2026-11-30') + prtry).closing).toEqual({ amountCents: 300, date: '2026-11-30' });
  });

  it('ignores the amount of a credit line inside a balance', () => {
    const withLine = `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><CdtLine><Incl>true</Incl><Amt Ccy="EUR">5000.00</Amt></CdtLine><Amt Ccy="EUR">4.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-11-30</Dt></Dt></Bal>`;
    expect(read(balance('OPBD', '4.00', 'DBIT', '2026-11-30') + withLine).closing).toEqual({ amountCents: -400, date: '2026-11-30' });
  });
});

describe('camt.052 intraday reports', () => {
  it('closes with the last interim booked balance (ITBD), not an interim available one (ITAV), and reads pending entries apart', () => {
    const body = [
      balance('PRCD', '100.00', 'CRDT', '2026-11-29'),
      balance('ITBD', '90.00', 'CRDT', '2026-11-30'),
      balance('ITAV', '1090.00', 'CRDT', '2026-11-30'),
      '<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt></Ntry>',
      '<Ntry><Amt Ccy="EUR">25.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts><ValDt><Dt>2026-12-01</Dt></ValDt></Ntry>',
      '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>INFO</Cd></Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt></Ntry>',
    ].join('\n');
    const [report] = readText(document('camt.052', '08', body)).statements;
    expect(report).toMatchObject({ kind: 'report', opening: { amountCents: 10_000 }, closing: { amountCents: 9_000 } });
    expect(report!.entries.map((e) => [e.status, e.amountCents])).toEqual([
      ['booked', -1_000],
      ['pending', 2_500],
      ['info', 100],
    ]);
  });

  it("dates a pending entry without booking or value date by the message's creation (GrpHdr/CreDtTm) when the report states no date of its own", () => {
    const pending = '<Ntry><Amt Ccy="EUR">3.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts></Ntry>';
    const text = document('camt.052', '08', pending).replace('      <CreDtTm>2026-11-30T10:15:00+01:00</CreDtTm>\n', '');
    expect(text.match(/CreDtTm/g)).toHaveLength(2);
    expect(readText(text).statements[0]!.entries[0]).toMatchObject({ status: 'pending', bookingDate: '2026-11-30', amountCents: -300 });
  });

  it('has no closing balance when the report states only available balances', () => {
    const [report] = readText(document('camt.052', '02', balance('ITAV', '5.00', 'CRDT', '2026-11-30'))).statements;
    expect(report).toMatchObject({ opening: null, closing: null });
  });
});

describe('entries', () => {
  const one = (entry: string, version = '02') => readText(document('camt.053', version, entry)).statements[0]!.entries;

  it('reads the status as plain text (up to .001.07) and as code (from .001.08)', () => {
    const plain = '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts><ValDt><Dt>2026-11-30</Dt></ValDt></Ntry>';
    const coded = '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts><ValDt><Dt>2026-11-30</Dt></ValDt></Ntry>';
    expect(one(plain, '02')[0]!.status).toBe('pending');
    expect(one(coded, '08')[0]!.status).toBe('pending');
  });

  it('splits a batch whose transactions state their own side (CdtDbtInd at transaction level, .001.04 on)', () => {
    const tx = (amount: string, side: string, name: string) =>
      `<TxDtls><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><RltdPties><Cdtr><Pty><Nm>${name}</Nm></Pty></Cdtr><Dbtr><Pty><Nm>${name}</Nm></Pty></Dbtr></RltdPties></TxDtls>`;
    const entry = `<Ntry><NtryRef>B1</NtryRef><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt><NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>${tx('40.00', 'DBIT', 'Lieferant')}${tx('10.00', 'CRDT', 'Gutschrift')}</NtryDtls></Ntry>`;
    expect(one(entry, '08').map((e) => [e.amountCents, e.counterpartyName])).toEqual([
      [-4_000, 'Lieferant'],
      [1_000, 'Gutschrift'],
    ]);
  });
});

describe('camt.054 notifications', () => {
  it('reads the batch details of a collection (Btch with TxDtls of .001.02, TxAmt per transaction) as its parts', () => {
    const tx = (amount: string, e2e: string, mandate: string) =>
      `<TxDtls><Refs><EndToEndId>${e2e}</EndToEndId><MndtId>${mandate}</MndtId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls><RmtInf><Ustrd>Beitrag ${e2e}</Ustrd></RmtInf></TxDtls>`;
    const entry = `<Ntry><Amt Ccy="EUR">75.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt><ValDt><Dt>2026-11-30</Dt></ValDt><AcctSvcrRef>2026113000042</AcctSvcrRef><BkTxCd><Prtry><Cd>NDDT+192+00912</Cd><Issr>DK</Issr></Prtry></BkTxCd><NtryDtls><Btch><PmtInfId>SAMMLER-1</PmtInfId><NbOfTxs>3</NbOfTxs></Btch>${tx('25.00', 'E1', 'M1')}${tx('25.50', 'E2', 'M2')}${tx('25.00', 'E3', 'M3')}</NtryDtls></Ntry>`;
    const [n] = readText(document('camt.054', '02', entry)).statements;
    expect(n!.entries.map((e) => [e.amountCents, e.endToEndId, e.mandateId, e.remittance, e.bankCode])).toEqual([
      [2_500, 'E1', 'M1', 'Beitrag E1', 'NDDT+192+00912'],
      [2_550, 'E2', 'M2', 'Beitrag E2', 'NDDT+192+00912'],
      [2_500, 'E3', 'M3', 'Beitrag E3', 'NDDT+192+00912'],
    ]);
    expect(new Set(n!.entries.map((e) => e.batchRef)).size).toBe(1);
  });
});
