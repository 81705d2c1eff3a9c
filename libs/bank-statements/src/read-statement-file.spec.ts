import { zipSync } from 'fflate';
import { previewOf } from './preview';
import { kindOf, parseStatementFile } from './read-statement-file';
import { minimalMapping, sample, sampleText } from '../test/samples';
import { decodeText } from './text-decoding';

describe('statement files', () => {
  it('tells the kind from the content, also behind bank header lines and for a block without :20:', () => {
    expect(kindOf(sample('camt053-v02.xml'))).toBe('camt');
    expect(kindOf(sample('mt940-raiffeisen.sta'))).toBe('mt940');
    expect(kindOf(Buffer.from('ABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n'))).toBe('mt940');
    expect(kindOf(Buffer.from(':25:AT483200000012345864\n:28C:1/1\n:60F:C260101EUR0,00\n'))).toBe('mt940');
    expect(kindOf(sample('sparkasse-export.csv'))).toBe('csv');
  });

  it('decodes UTF-8, Windows-1252 and UTF-16 with and without byte order mark', () => {
    expect(decodeText(Buffer.from('Müller', 'utf8'))).toBe('Müller');
    expect(decodeText(Buffer.from('Müller', 'latin1'))).toBe('Müller');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Müller;Betrag', 'utf16le')]))).toBe('Müller;Betrag');
    expect(decodeText(Buffer.from('Buchungsdatum;Müller', 'utf16le'))).toBe('Buchungsdatum;Müller');
  });
});

describe('the reading for a preview', () => {
  it('reads the same statements, entries and balances without the entry keys only an import needs', () => {
    for (const name of ['camt053-v02.xml', 'camt053-v08.xml', 'mt940-raiffeisen.sta']) {
      const full = parseStatementFile(sample(name));
      const forPreview = parseStatementFile(sample(name), { keys: false });
      expect(full.statements.flatMap((s) => s.entries).every((e) => e.key !== '')).toBe(true);
      expect(forPreview.statements.flatMap((s) => s.entries).every((e) => e.key === '')).toBe(true);
      const withoutKeys = (file: typeof full) => ({
        ...file,
        statements: file.statements.map((s) => ({ ...s, entries: s.entries.map((e) => ({ ...e, key: '' })) })),
      });
      expect(withoutKeys(forPreview)).toEqual(withoutKeys(full));
      expect(previewOf(kindOf(sample(name)), forPreview)).toEqual(previewOf(kindOf(sample(name)), full));
    }
  });

  it('previews the same without the counterparties, purposes and references of camt entries (the preview shows none)', () => {
    for (const name of ['camt053-v02.xml', 'camt053-v08.xml', 'mt940-raiffeisen.sta']) {
      const full = parseStatementFile(sample(name));
      const bare = parseStatementFile(sample(name), { keys: false, details: false });
      expect(previewOf(kindOf(sample(name)), bare)).toEqual(previewOf(kindOf(sample(name)), full));
      const amounts = (file: typeof full) => file.statements.map((s) => s.entries.map((e) => [e.amountCents, e.status, e.bookingDate, e.batchRef]));
      expect(amounts(bare)).toEqual(amounts(full));
    }
  });
});

describe('files that are no statement at all', () => {
  it('refuses an empty file and one of blank lines, naming line 1', () => {
    expect(() => parseStatementFile(Buffer.alloc(0))).toThrow('Line 1: the file is empty.');
    expect(() => parseStatementFile(Buffer.from('\r\n\r\n  \n'))).toThrow('Line 1: the file is empty.');
  });

  it('refuses a PDF, an image and other binary files as no statement, naming line 1, also with a column mapping', () => {
    expect(() => parseStatementFile(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1'))).toThrow(
      'Line 1: this is a PDF document, not a statement file (camt XML, MT940 or a CSV export).',
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(() => parseStatementFile(png, { csvMapping: minimalMapping })).toThrow(
      'Line 1: this is a binary file, not a statement file (camt XML, MT940 or a CSV export).',
    );
  });
});

describe('previews for the import dialog', () => {
  const preview = (bytes: Buffer) => previewOf(kindOf(bytes), parseStatementFile(bytes));

  it('names format, bank, accounts and counts, and needs no account when every statement names its IBAN', () => {
    expect(preview(sample('camt053-v02.xml'))).toMatchObject({
      kind: 'camt',
      format: 'camt.053.001.02',
      bank: 'UniCredit Bank Austria AG',
      recognised: true,
      ibans: ['AT611904300234573201'],
      needsAccount: false,
      statements: 1,
      entries: 6,
      warnings: [],
    });
    expect(preview(sample('mt940-raiffeisen.sta'))).toMatchObject({
      kind: 'mt940',
      format: 'mt940',
      bank: 'Raiffeisen',
      accounts: [{ iban: 'AT483200000012345864', statements: 2 }],
      needsAccount: false,
    });
  });

  it('needs the account chosen for an MT940 that names bank code and account number, and shows the account text', () => {
    const local = Buffer.from(sampleText('mt940-raiffeisen.sta').replaceAll(':25:RZBAATWW/AT483200000012345864', ':25:32000/12345864'), 'latin1');
    expect(preview(local)).toMatchObject({ ibans: [], accounts: [{ text: '32000/12345864', iban: null, statements: 2 }], needsAccount: true });
  });

  it('shows a statement that opens otherwise than its account was left by the previous import', () => {
    const file = parseStatementFile(sample('camt053-v02.xml'));
    const opening = file.statements[0]!.opening!;
    const left = { date: opening.date, cents: opening.amountCents + 500 };
    expect(previewOf('camt', file, { byIban: { AT611904300234573201: left }, chosen: null }).warnings).toEqual([
      {
        kind: 'gap',
        statement: 'AT611904300234573201-2026-03-31',
        statement_index: 1,
        expected_cents: left.cents,
        actual_cents: opening.amountCents,
        difference_cents: -500,
        previous: left.date,
        current: opening.date,
      },
    ]);
    const local = parseStatementFile(
      Buffer.from(sampleText('mt940-raiffeisen.sta').replaceAll(':25:RZBAATWW/AT483200000012345864', ':25:32000/12345864'), 'latin1'),
    );
    const first = local.statements[0]!.opening!;
    expect(previewOf('mt940', local, { byIban: {}, chosen: { date: first.date, cents: first.amountCents - 1 } }).warnings.map((w) => w.kind)).toEqual(['gap']);
  });

  it('shows what reconciling found before anything is recorded', () => {
    const broken = Buffer.from(sampleText('camt053-v02.xml').replace('<Amt Ccy="EUR">374.10</Amt>', '<Amt Ccy="EUR">374.11</Amt>'));
    expect(preview(broken).warnings).toEqual([
      {
        kind: 'balance-mismatch',
        statement: 'AT611904300234573201-2026-03-31',
        statement_index: 1,
        expected_cents: -37_410,
        actual_cents: -37_411,
        difference_cents: -1,
      },
    ]);
  });

  it('warns of the members of a ZIP bundle it skipped as no statement, naming them', () => {
    const zip = Buffer.from(zipSync({ 'auszug.xml': sample('camt053-v02.xml'), 'auszug.pdf': new TextEncoder().encode('%PDF-1.7') }));
    expect(preview(zip).warnings).toEqual([{ kind: 'skipped-files', statement: '1', current: 'auszug.pdf', count: 1 }]);
  });

  it('warns of booked camt entries without any date, naming them with the member of the ZIP bundle they are in', () => {
    const camt = sampleText('camt053-v02.xml');
    const undated = camt.replace(/<BookgDt>[\s\S]*?<\/BookgDt>/, '').replace(/<ValDt>[\s\S]*?<\/ValDt>/, '');
    expect(undated).not.toBe(camt);
    const zip = Buffer.from(zipSync({ 'auszug.xml': new TextEncoder().encode(undated) }));
    const [warning] = preview(zip).warnings.filter((w) => w.kind === 'undated-entries');
    expect(warning).toMatchObject({ kind: 'undated-entries', count: 1, current: expect.stringMatching(/^auszug\.xml: Stmt 1, Ntry 1 \(line \d+\)$/) });
  });

  it('warns of MT940 lines after the last statement that belong to none, naming them as ranges', () => {
    const head = ':20:1\n:25:AT483200000012345864\n:28C:1/1\n:60F:C260101EUR0,00\n:62F:C260101EUR0,00\n-\n';
    const stray = ':61:2601020102C5,00NTRFNONREF\n:86:Fragment\n-\n:61:2601030103C7,00NTRFNONREF\n';
    expect(preview(Buffer.from(head + stray)).warnings).toEqual([{ kind: 'stray-lines', statement: '1', current: '7–8, 10', count: 3 }]);
  });
});
