import type { Figure, Options } from '../../bench/items';
import type { FeatureBenchItem } from '../../bench/feature-items';
import { OpenItemIndex, type MatchableItem, type MatchableTransaction } from './matching';
import { parseStatementFile } from './statements/statement-file';

const ITEM = 41;

function seeded(seed: number): () => number {
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

/** 20,000 open items and 10,000 transactions: a third pay by invoice number, a third by amount, a third match nothing. */
export function matchingData(items: number, transactions: number): { open: MatchableItem[]; txs: MatchableTransaction[] } {
  const random = seeded(11);
  const open: MatchableItem[] = Array.from({ length: items }, (_, i) => {
    const gross = Math.round(50 + random() * 9_950) + (i % 100) / 100;
    return { id: i + 1, kind: i % 2 ? 'payable' : 'receivable', outstanding: gross, gross, invoice_number: `AR-${2026_00000 + i}`, payment_reference: null, iban: null, party: `Partner ${i % 700} GmbH`, discount_percent: i % 5 === 0 ? 2 : null, discount_due_date: i % 5 === 0 ? '2026-12-31' : null, title: `Invoice ${i}` };
  });
  const txs: MatchableTransaction[] = Array.from({ length: transactions }, (_, i) => {
    const target = open[Math.floor(random() * open.length)]!;
    const sign = target.kind === 'receivable' ? 1 : -1;
    const mode = i % 3;
    return {
      id: `tx-${i}`,
      amount_cents: sign * (mode === 2 ? 1_234_567 + i : Math.round(target.outstanding * 100)),
      matched_cents: 0,
      remittance: mode === 0 ? `Zahlung ${target.invoice_number} danke` : `Sammelzahlung ${i}`,
      reference: null,
      end_to_end_id: null,
      counterparty_iban: null,
      counterparty_name: mode === 1 ? target.party ?? '' : 'Unbekannt',
      booking_date: '2026-06-30',
    };
  });
  return { open, txs };
}

/** Issue 11: camt.053 with 50,000 entries parsed (entries/s, heap growth), matching 10,000 transactions against 20,000 open items. */
export const bankingBenchItem: FeatureBenchItem = {
  name: 'banking',
  async run(options: Options): Promise<Figure[]> {
    const entries = options.quick ? 5_000 : 50_000;
    const xml = Buffer.from(camtWith(entries));
    const parseRuns: number[] = [];
    const rates: number[] = [];
    const heap: number[] = [];
    const repeats = Math.max(3, options.runs);
    for (let r = 0; r < repeats; r++) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      const start = performance.now();
      const [statement] = parseStatementFile(xml);
      const ms = performance.now() - start;
      if (statement?.entries.length !== entries) throw new Error(`parsed ${statement?.entries.length} of ${entries} entries`);
      parseRuns.push(ms);
      rates.push(Math.round(entries / (ms / 1000)));
      heap.push(Math.round((process.memoryUsage().rss - before) / 1_048_576));
    }
    options.log(`banking: camt.053 ${entries} entries, ${(xml.length / 1_048_576).toFixed(1)} MiB`);

    const { open, txs } = matchingData(20_000, 10_000);
    const matchRuns: number[] = [];
    let suggested = 0;
    for (let r = 0; r < repeats; r++) {
      const start = performance.now();
      const index = new OpenItemIndex(open);
      suggested = 0;
      for (const tx of txs) if (index.suggest(tx).length > 0) suggested++;
      matchRuns.push(performance.now() - start);
    }
    const dataset = `camt.053.001.08, ${entries} entries, ${(xml.length / 1_048_576).toFixed(1)} MiB, in process`;
    return [
      { item: ITEM, name: `camt.053 parse, ${entries.toLocaleString('en')} entries`, unit: 'ms', runs: parseRuns, dataset },
      { item: ITEM, name: 'camt.053 parse rate', unit: 'entries/s', runs: rates, dataset },
      { item: ITEM, name: 'camt.053 parse, RSS growth (peak memory)', unit: 'MiB', runs: heap, dataset },
      { item: ITEM, name: 'matching 10,000 transactions against 20,000 open items (index + suggestions)', unit: 'ms', runs: matchRuns, dataset: `in process, ${suggested} of 10,000 with a suggestion` },
      { item: ITEM, name: 'transaction list page p99 at 500,000 transactions', unit: 'ms', runs: [], dataset: '', pending: 'not measured yet: needs a portal with 500,000 imported transactions' },
    ];
  },
};
