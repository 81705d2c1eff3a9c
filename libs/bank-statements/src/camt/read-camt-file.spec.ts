import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { parseStatementFile } from '../read-statement-file';
import { readCamtFile } from './read-camt-file';

const CORPUS = process.env.BANK_STATEMENTS_DIR ?? resolve(__dirname, '../../../../../shared/fixtures/bank-statements');
if (!existsSync(CORPUS)) console.warn(`camt corpus skipped in the reading from disk: ${CORPUS} is absent (set BANK_STATEMENTS_DIR).`);
const corpusCamt = (): string[] =>
  ['camt052', 'camt053', 'camt054'].flatMap((folder) => {
    const dir = join(CORPUS, folder);
    return existsSync(dir) ? readdirSync(dir).map((n) => join(dir, n)) : [];
  });

const entries = (n: number, name = 'Müller &amp; Söhne') =>
  Array.from(
    { length: n },
    (_, i) =>
      `<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-01-15</Dt></BookgDt>\n<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${name} ${i}</Nm></Dbtr></RltdPties><RmtInf><Ustrd><![CDATA[Rechnung <${i}>]]></Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  ).join('\n');
const camt = (n: number, name?: string) =>
  `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2026-01-31T10:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><Acct><Id><IBAN>AT611904300234573201</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${n}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>
${entries(n, name)}
</Stmt></BkToCstmrStmt></Document>
`;

describe('a large camt file read from disk a piece at a time', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'camt-file-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const written = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('reads what the whole reading reads, with and without keys and details, in pieces of any size', () => {
    const bytes = Buffer.from(camt(300), 'utf8');
    const path = written('large.xml', bytes);
    for (const options of [{}, { keys: false, details: false }]) {
      const whole = parseStatementFile(bytes, options);
      for (const size of [256, 1000, 4096, 65536]) expect(readCamtFile(path, options, size)).toEqual(whole);
    }
  });

  it('reads every camt file of the shared corpus larger than 4 KiB as the whole reading does, or leaves it to that reading', () => {
    for (const file of corpusCamt()) {
      const bytes = readFileSync(file);
      let whole: unknown;
      try {
        whole = parseStatementFile(bytes);
      } catch {
        whole = null;
      }
      const fromDisk = readCamtFile(file, {}, 512);
      if (fromDisk !== null) expect(fromDisk).toEqual(whole);
    }
  });

  it('leaves to the whole reading a file that is not UTF-8, a refused one, a small one and one that is no camt', () => {
    const latin = written('latin.xml', Buffer.from(camt(300, 'Müller').slice(1), 'latin1'));
    expect(readCamtFile(latin, {}, 512)).toBeNull();
    expect(parseStatementFile(readFileSync(latin)).statements[0]!.entries[0]!.counterpartyName).toBe('Müller 0');
    const lateLatin = written('late-latin.xml', Buffer.from(camt(300).slice(1).replace('</Document>', '<!-- ü --></Document>'), 'latin1'));
    expect(readCamtFile(lateLatin, {}, 512)).toBeNull();
    const refused = written('refused.xml', Buffer.from(camt(300).replace('<Ntry>', '<!DOCTYPE x><Ntry>'), 'utf8'));
    expect(readCamtFile(refused, {}, 512)).toBeNull();
    expect(() => parseStatementFile(readFileSync(refused))).toThrow('DOCTYPE');
    expect(readCamtFile(written('small.xml', Buffer.from(camt(1), 'utf8')), {}, 512)).toBeNull();
    expect(readCamtFile(written('mt940.sta', Buffer.from(`:20:X\n:25:AT611904300234573201\n${':86:x\n'.repeat(2000)}`)), {}, 512)).toBeNull();
  });
});
