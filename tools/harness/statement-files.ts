/**
 * Statement files of a given size, written as the banks write them, for the integration specs and benchmarks of
 * the statement import: balances add up, entries differ.
 */

export function seeded(seed: number): () => number {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** A camt.053.001.08 statement with `n` entries (every tenth a batch of two TxDtls), balances that add up. */
export function camtWith(n: number): string {
  const random = seeded(7);
  const entries: string[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const cents = Math.round((random() - 0.45) * 500_000);
    sum += cents;
    const cd = cents >= 0 ? 'CRDT' : 'DBIT';
    const amount = (Math.abs(cents) / 100).toFixed(2);
    const day = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const tx = `<TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties><Dbtr><Pty><Nm>Kunde Müller ${i % 500}</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>Rechnung AR-${i} Überweisung</Ustrd></RmtInf></TxDtls>`;
    entries.push(
      `<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${cd}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>B-${i}</AcctSvcrRef><NtryDtls>${tx}</NtryDtls></Ntry>`,
    );
  }
  const money = (c: number) => `<Amt Ccy="EUR">${(Math.abs(c) / 100).toFixed(2)}</Amt><CdtDbtInd>${c >= 0 ? 'CRDT' : 'DBIT'}</CdtDbtInd>`;
  const opening = 10_000_000;
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-12-31T20:00:00+01:00</CreDtTm></GrpHdr><Stmt><Id>BENCH-1</Id><ElctrncSeqNb>1</ElctrncSeqNb><Acct><Id><IBAN>AT611904300234573201</IBAN></Id><Ccy>EUR</Ccy></Acct><Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp>${money(opening)}<Dt><Dt>2026-01-01</Dt></Dt></Bal><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp>${money(opening + sum)}<Dt><Dt>2026-12-31</Dt></Dt></Bal>${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;
}

/** An MT940 message with `n` lines of a German bank (structured :86: with SEPA keywords), balances that add up. */
export function mt940With(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const day = `26${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(
      `:61:${day}${day.slice(2)}C1,00NTRFNONREF//B-${i}\n:86:166?00GUTSCHRIFT?20EREF+E2E-${i}?21SVWZ+Rechnung AR-${i} Ueberwei?22sung Kunde Mueller?30BKAUATWWXXX?31AT611904300234573201?32Kunde Mueller ${i % 500}\n`,
    );
  }
  return `:20:STARTUMSE\n:25:AT483200000012345864\n:28C:1/1\n:60F:C260101EUR0,00\n${lines.join('')}:62F:C261228EUR${n},00\n-\n`;
}

/** A Volksbank Raiffeisenbank CSV export with `n` rows. */
export function bankCsvWith(n: number): string {
  const rows = [
    'Bezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Gekennzeichneter Umsatz;Glaeubiger ID;Mandatsreferenz',
  ];
  for (let i = 0; i < n; i++) {
    const day = `${String(1 + (i % 28)).padStart(2, '0')}.${String(1 + (i % 12)).padStart(2, '0')}.2026`;
    rows.push(
      `Giro;DE89370400440532013000;GENODEF1;VR Bank;${day};${day};Kunde Müller ${i % 500};AT611904300234573201;BKAUATWW;Gutschrift;Rechnung AR-${i} Überweisung;1,00;EUR;;;;;`,
    );
  }
  return rows.join('\r\n');
}
