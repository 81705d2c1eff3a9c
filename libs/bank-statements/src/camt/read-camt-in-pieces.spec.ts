import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeText } from '../text-decoding';
import { decodedPieces } from '../text-pieces';
import { readCamt } from './read-camt';

/** The shared statement corpus (files of other open-source parsers); BANK_STATEMENTS_DIR overrides. */
const CORPUS = process.env.BANK_STATEMENTS_DIR ?? resolve(__dirname, '../../../../../shared/fixtures/bank-statements');
const SAMPLES = join(__dirname, '../../test/fixtures');

const camtFiles = (): Array<[string, Buffer]> => {
  const samples = readdirSync(SAMPLES)
    .filter((n) => n.endsWith('.xml'))
    .map((n) => join(SAMPLES, n));
  const corpus = existsSync(CORPUS)
    ? ['camt052', 'camt053', 'camt054'].flatMap((folder) =>
        existsSync(join(CORPUS, folder)) ? readdirSync(join(CORPUS, folder)).map((n) => join(CORPUS, folder, n)) : [],
      )
    : [];
  return [...samples, ...corpus].map((path) => [path.slice(path.lastIndexOf('/') + 1), readFileSync(path)]);
};
if (!existsSync(CORPUS)) console.warn(`camt corpus skipped in the reading in pieces: ${CORPUS} is absent (set BANK_STATEMENTS_DIR).`);

/** The reading, or the refusal's message. */
const outcome = (read: () => unknown) => {
  try {
    return { read: read() };
  } catch (e) {
    return { refused: e instanceof Error ? e.message : String(e) };
  }
};

/** The file with its text cut by a line break, a UTF-8 umlaut and an entity at every possible place of small pieces. */
const tricky = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- a comment -->\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi='x>y'><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2026-01-31T10:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S &amp; Ü</Id><Acct><Id><IBAN>AT611904300234573201</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">2.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-01-15</Dt></BookgDt>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Müller &#x26; Söhne</Nm></Dbtr></RltdPties><RmtInf><Ustrd><![CDATA[Rechnung <1>]]></Ustrd></RmtInf></TxDtls></NtryDtls><Empty a = "1" /></Ntry>
</Stmt></BkToCstmrStmt></Document>
`,
  'utf8',
);

describe('the camt reading of a file decoded a piece at a time', () => {
  it.each(camtFiles())('%s is read as from one string of the whole text, refusals with the same message', (_name, bytes) => {
    const whole = outcome(() => readCamt(decodeText(bytes)));
    for (const size of [1, 7, 4096]) expect(outcome(() => readCamt(decodedPieces(bytes, size)))).toEqual(whole);
  });

  it('reads text cut at any byte (inside a character, an entity, a tag, an attribute or CDATA) as the whole text', () => {
    const whole = outcome(() => readCamt(decodeText(tricky)));
    expect(whole).toHaveProperty('read');
    for (let size = 1; size <= 40; size++) expect(outcome(() => readCamt(decodedPieces(tricky, size)))).toEqual(whole);
  });

  it('refuses a broken file cut into pieces with the message and line of the whole text', () => {
    const text = tricky.toString('utf8');
    const broken = [
      text.replace('</Bal>', '</Bl>'),
      text.replace('<Amt Ccy="EUR">2.50', '<Amt Ccy=EUR>2.50'),
      text.replace('<!-- a comment -->', '<!DOCTYPE Document [<!ENTITY x "y">]>'),
      text.replace('&amp;', '&'),
      text.slice(0, text.indexOf('<NtryDtls>') + 20),
      text.replace(']]>', ''),
      text.replace('2.50</Amt>', '-2.50</Amt>'),
    ].map((t) => Buffer.from(t, 'utf8'));
    for (const bytes of broken) {
      const whole = outcome(() => readCamt(decodeText(bytes)));
      expect(whole).toHaveProperty('refused');
      for (const size of [1, 3, 16]) expect(outcome(() => readCamt(decodedPieces(bytes, size)))).toEqual(whole);
    }
  });

  it('decodes a Windows-1252 file (not UTF-8) and UTF-16 with its byte order mark in pieces as decodeText does', () => {
    const latin = Buffer.from(tricky.toString('utf8'), 'latin1');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tricky.toString('utf8'), 'utf16le')]);
    for (const bytes of [latin, utf16]) {
      const whole = outcome(() => readCamt(decodeText(bytes)));
      for (const size of [1, 5, 64]) expect(outcome(() => readCamt(decodedPieces(bytes, size)))).toEqual(whole);
    }
  });
});
