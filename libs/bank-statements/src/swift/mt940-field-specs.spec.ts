import { parseStatementFile } from '../read-statement-file';
import { readText } from '../../test/samples';

/**
 * MT940/MT942 as the SWIFT field specifications (Category 9) and the German DK "Datenformate" (annex 3) write
 * them: samples written by hand from those texts, one rule each.
 */
const head = ':20:STARTUMS\n:25:10020030/1234567890\n:28C:00042/001\n';
const lines = (...l: string[]) => l.join('\n');
const only = (text: string) => readText(text).statements;

describe('MT940 envelopes and messages', () => {
  it('reads {1:}{2:}{3:}{4: headers with the first field on the {4: line and the -} trailer with {5:} after it', () => {
    const text = lines(
      '{1:F01COBADEFFAXXX0000000000}{2:O9401200261130COBADEFFAXXX00000000002611301200N}{3:{108:MT940 0001}}{4::20:STARTUMS',
      ':25:10020030/1234567890',
      ':28C:00042',
      ':60F:C261129EUR100,00',
      ':61:2611301130DR10,00NTRFNONREF',
      ':62F:C261130EUR90,00',
      '-}{5:{CHK:0123456789AB}}',
    );
    expect(only(text).map((s) => [s.statementId, s.sequence, s.opening?.amountCents, s.closing?.amountCents])).toEqual([['STARTUMS', '00042', 10_000, 9_000]]);
  });

  it('reads several messages of one file, each a statement, with and without a page in :28C:', () => {
    const text = lines(
      ':20:1',
      ':25:10020030/1234567890',
      ':28C:41',
      ':60F:C261127EUR0,00',
      ':62F:C261127EUR0,00',
      '-',
      ':20:2',
      ':25:10020030/1234567890',
      ':28C:42/1',
      ':60F:C261128EUR0,00',
      ':61:2611281128C1,00NTRFNONREF',
      ':62M:C261128EUR1,00',
      '-',
      ':20:3',
      ':25:10020030/1234567890',
      ':28C:42/2',
      ':60M:C261128EUR1,00',
      ':61:2611281128C2,00NTRFNONREF',
      ':62F:C261128EUR3,00',
      '-',
    );
    expect(only(text).map((s) => [s.sequence, s.intermediate.opening, s.intermediate.closing])).toEqual([
      ['41', false, false],
      ['42/1', false, true],
      ['42/2', true, false],
    ]);
  });

  it('takes neither :64: (closing available) nor :65: (forward available) as a balance of the statement', () => {
    const [s] = only(
      head +
        lines(
          ':60F:C261129EUR100,00',
          ':61:2611301130D10,00NTRFNONREF',
          ':62F:C261130EUR90,00',
          ':64:C261130EUR590,00',
          ':65:C261201EUR590,00',
          ':65:C261202EUR590,00',
          '-',
        ),
    );
    expect(s).toMatchObject({ opening: { amountCents: 10_000 }, closing: { amountCents: 9_000, date: '2026-11-30' } });
    expect(s!.entries).toHaveLength(1);
  });

  it('reads an :86: that belongs to the statement (after :62F:) without adding it to the last entry', () => {
    const [s] = only(head + lines(':60F:C261129EUR0,00', ':61:2611301130C1,00NTRFNONREF', ':86:Gehalt', ':62F:C261130EUR1,00', ':86:Kontoauszug Nr. 42', '-'));
    expect(s!.entries.map((e) => e.remittance)).toEqual(['Gehalt']);
  });

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
  ])('reads %s line ends, trailing blank lines and a final "-"', (_name, eol) => {
    const text = [
      head.trimEnd(),
      ':60F:C261129EUR0,00',
      ':61:2611301130C1,00NTRFNONREF',
      ':86:166?00GUTSCHRIFT?20Rechnung 7',
      ':62F:C261130EUR1,00',
      '-',
      '',
      '',
      '',
    ].join('\n');
    const [s] = only(text.replace(/\n/g, eol));
    expect(s).toMatchObject({ closing: { amountCents: 100 }, entries: [{ remittance: 'Rechnung 7' }] });
  });

  it('reads ISO 8859-1 and UTF-8 with a byte order mark alike', () => {
    const text = head + lines(':60F:C261129EUR0,00', ':61:2611301130C1,00NTRFNONREF', ':86:166?00GUTSCHRIFT?20Miete?32Jörg Müßig', ':62F:C261130EUR1,00', '');
    const latin1 = parseStatementFile(Buffer.from(text, 'latin1'));
    const bom = parseStatementFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    for (const file of [latin1, bom]) expect(file.statements[0]!.entries[0]!.counterpartyName).toBe('Jörg Müßig');
    expect(bom.statements[0]!.statementId).toBe('STARTUMS');
  });
});

describe('the :61: statement line', () => {
  const entries = (...l: string[]) => only(head + lines(':60F:C261129EUR0,00', ...l, ':62F:C261130EUR0,00', '-'))[0]!.entries;

  it('reads the supplementary details on the second line apart from the bank reference', () => {
    const [e] = entries(':61:2611301130D12,50NDDTKD-4711//ZKA0001234', 'SEPA-LASTSCHRIFT');
    expect(e).toMatchObject({ amountCents: -1_250, bankCode: 'NDDT', reference: 'KD-4711', bankReference: 'ZKA0001234' });
  });

  it('reads a :61: without entry date, with a funds code, and with NONREF as customer reference', () => {
    expect(
      entries(':61:261130CR3,00NMSCNONREF', ':61:261130D1,00NCHGNONREF//0001').map((e) => [e.bookingDate, e.amountCents, e.reference, e.bankReference]),
    ).toEqual([
      ['2026-11-30', 300, null, null],
      ['2026-11-30', -100, null, '0001'],
    ]);
  });

  it('reads expected entries (EC, ED) as not booked', () => {
    expect(entries(':61:2612011201EC4,00NTRFNONREF', ':61:2612011201ED4,00NTRFNONREF').map((e) => [e.status, e.amountCents])).toEqual([
      ['pending', 400],
      ['pending', -400],
    ]);
  });

  it('reads the transaction type identification codes S (SWIFT message), N (non-SWIFT) and F (first advice)', () => {
    expect(entries(':61:2611301130C1,00S103REF1', ':61:2611301130C1,00NTRFREF2', ':61:2611301130C1,00FCHKREF3').map((e) => [e.bankCode, e.reference])).toEqual([
      ['S103', 'REF1'],
      ['NTRF', 'REF2'],
      ['FCHK', 'REF3'],
    ]);
  });
});

describe('the :86: information to account owner', () => {
  const entry = (...info: string[]) =>
    only(head + lines(':60F:C261129EUR0,00', ':61:2611301130C1,00NTRFNONREF', ...info, ':62F:C261130EUR1,00', '-'))[0]!.entries[0]!;

  it('reads ?60-?63 as the purpose continued after ?20-?29', () => {
    const e = entry(
      ':86:166?00GUTSCHRIFT?100599?20SVWZ+Rechnung 2026-11 Teil 1?21 und Teil 2?22 und Teil 3?23 und Teil 4',
      '?24 und Teil 5?25 und Teil 6?26 und Teil 7?27 und Teil 8',
      '?28 und Teil 9?29 und Teil 10?30BYLADEM1001?31DE02120300000000202051?32Max Muster?60 und Teil 11?61 und Teil 12',
    );
    expect(e.remittance).toBe(
      'Rechnung 2026-11 Teil 1 und Teil 2 und Teil 3 und Teil 4 und Teil 5 und Teil 6 und Teil 7 und Teil 8 und Teil 9 und Teil 10 und Teil 11 und Teil 12',
    );
    expect(e).toMatchObject({ counterpartyName: 'Max Muster', counterpartyIban: 'DE02120300000000202051', counterpartyBic: 'BYLADEM1001', bankCode: '166' });
  });

  it('reads ?33 as the name continued and ?34 as no part of the purpose', () => {
    const e = entry(':86:109?00SEPA-LASTSCHRIFT?20EREF+E-1 MREF+M-9 CRED+DE98ZZZ09999999999 SVWZ+Beitrag?32Verein der Freunde und?33Foerderer e.V.?34992');
    expect(e).toMatchObject({ counterpartyName: 'Verein der Freunde undFoerderer e.V.', remittance: 'Beitrag', endToEndId: 'E-1', mandateId: 'M-9' });
  });

  it('reads unstructured text over several lines as the purpose', () => {
    expect(entry(':86:Miete November', 'Wohnung 3 links').remittance).toBe('Miete November Wohnung 3 links');
  });
});

describe('MT942 interim transaction reports', () => {
  it('reads two :34F: floor limits (debit and credit), :13D:, and :90D:/:90C: in an envelope of type 942', () => {
    const text = lines(
      '{1:F01COBADEFFAXXX0000000000}{2:O9421200261130COBADEFFAXXX00000000002611301200N}{4:',
      ':20:INTRADAY',
      ':25:10020030/1234567890',
      ':28C:1/1',
      ':34F:EURD0,',
      ':34F:EURC0,',
      ':13D:2611301015+0100',
      ':61:2611301130D7,00NTRFNONREF',
      ':86:005?00LASTSCHRIFT?20Telefon',
      ':61:2611301130C2,00NTRFNONREF',
      ':90D:1EUR7,00',
      ':90C:1EUR2,00',
      '-}',
    );
    const file = readText(text);
    expect(file.format).toBe('mt942');
    expect(file.statements[0]).toMatchObject({
      kind: 'report',
      currency: 'EUR',
      opening: null,
      closing: null,
      from: '2026-11-30',
      totals: { debit: { count: 1, cents: 700 }, credit: { count: 1, cents: 200 } },
    });
    expect(file.statements[0]!.entries.map((e) => [e.status, e.amountCents])).toEqual([
      ['pending', -700],
      ['pending', 200],
    ]);
  });
});
