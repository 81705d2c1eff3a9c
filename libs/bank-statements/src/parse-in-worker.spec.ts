import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFileInWorker, previewFileInWorker, warmStatementReader } from './parse-in-worker';
import { parseStatementFile } from './read-statement-file';
import { sample } from '../test/samples';
import { StatementParseError } from './statement';

// The worker runs the compiled reader (dist/worker/parse-worker.js of `npm run build`).
describe('reading a statement file in a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'statement-worker-'));
  const file = (name: string, bytes: Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the same statements as reading in the process, entries in chunks', async () => {
    const bytes = sample('camt053-v02.xml');
    expect(await parseFileInWorker({ path: file('a.xml', bytes) })).toEqual(parseStatementFile(bytes));
  });

  it('reads a file with a reader started ahead of it (as an authorized upload starts one) as with any other', async () => {
    warmStatementReader();
    warmStatementReader();
    const bytes = sample('camt053-v02.xml');
    expect(await parseFileInWorker({ path: file('w.xml', bytes) })).toEqual(parseStatementFile(bytes));
    expect(await previewFileInWorker({ path: file('w.xml', bytes) })).toMatchObject({
      kind: 'camt',
      entries: parseStatementFile(bytes).statements[0]!.entries.length,
    });
  });

  it("answers a file that is not a statement with the reader's message", async () => {
    await expect(parseFileInWorker({ path: file('b.xml', Buffer.from('<Document><BkToCstmrStmt>')) })).rejects.toThrow(StatementParseError);
    await expect(parseFileInWorker({ path: file('b.xml', Buffer.from('<Document><BkToCstmrStmt>')) })).rejects.toThrow(
      'Malformed XML at line 1: the file ends before Document/BkToCstmrStmt is closed (truncated?).',
    );
  });

  it('previews a CSV the portal does not recognise with its columns and first rows', async () => {
    const preview = await previewFileInWorker({ path: file('c.csv', sample('sparkasse-export.csv')), skipLines: 3 });
    expect(preview).toMatchObject({
      kind: 'csv',
      recognised: false,
      needsAccount: true,
      table: { delimiter: ';', columns: ['Buchungsdatum', 'Valuta', 'Empfänger/Auftraggeber', 'IBAN', 'Verwendungszweck', 'Betrag', 'Währung'] },
    });
    expect(preview.table.rows).toHaveLength(3);
  });

  it('refuses to preview a PDF or an empty file as a CSV to map, naming line 1', async () => {
    await expect(previewFileInWorker({ path: file('e.pdf', Buffer.from('%PDF-1.7\n1 0 obj')), skipLines: 0 })).rejects.toThrow(
      'Line 1: this is a PDF document, not a statement file (camt XML, MT940 or a CSV export).',
    );
    await expect(previewFileInWorker({ path: file('f.csv', Buffer.alloc(0)), skipLines: 0 })).rejects.toThrow('Line 1: the file is empty.');
  });

  it('stops a reader that takes too long', async () => {
    const big = Buffer.from(`<Document><BkToCstmrStmt>${'<X>a</X>'.repeat(2_000_000)}</BkToCstmrStmt></Document>`);
    await expect(parseFileInWorker({ path: file('d.xml', big) }, { timeoutMs: 1, maxHeapMb: 256, concurrency: 2 })).rejects.toThrow(
      'Reading the file took longer than 1 s; split it into smaller files.',
    );
  });
});
