import { centsOf, notAStatement, type ReadStatement, type Reading } from './reading';

const MESSAGES: Array<[root: string, block: string]> = [
  ['BkToCstmrStmt', 'Stmt'],
  ['BkToCstmrAcctRpt', 'Rpt'],
  ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'],
];

/** The inner text of every non-nested element `name` (the blocks read here never nest in themselves). */
const blocks = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1]!);
const first = (xml: string, name: string) => blocks(xml, name)[0] ?? null;
const value = (xml: string | null, name: string) =>
  xml === null ? null : (new RegExp(`<${name}(?:\\s[^>]*)?>\\s*([^<]*?)\\s*</${name}>`).exec(xml)?.[1] ?? null);

/** A signed amount of a Bal or Ntry: its own (first) Amt and CdtDbtInd. */
function signed(xml: string, where: string): number | string {
  const amount = value(xml, 'Amt');
  const mark = value(xml, 'CdtDbtInd');
  const cents = amount === null ? null : centsOf(amount, '.');
  if (cents === null) return `${where}: Amt "${amount}"`;
  if (mark !== 'CRDT' && mark !== 'DBIT') return `${where}: CdtDbtInd "${mark}"`;
  return mark === 'DBIT' ? -cents : cents;
}

/**
 * ISO 20022 bank-to-customer messages: camt.053 Stmt, camt.052 Rpt, camt.054 Ntfctn. Opening: OPBD, else
 * PRCD; closing: CLBD, else the last ITBD. Entries by Sts (BOOK booked, PDNG pending, INFO neither).
 */
export function readCamt(text: string): Reading {
  if (/<!DOCTYPE/i.test(text)) return notAStatement('DOCTYPE');
  const xml = text.replace(/<!--[\s\S]*?-->/g, '').replace(/<(\/?)[\w.-]+:/g, '<$1');
  const message = MESSAGES.find(([root]) => new RegExp(`<${root}[\\s>]`).test(xml));
  if (!message) return notAStatement('no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn');
  const statements: ReadStatement[] = [];
  for (const [i, block] of blocks(xml, message[1]).entries()) {
    const acct = first(block, 'Acct');
    const account = value(acct, 'IBAN') ?? value(first(acct ?? '', 'Othr'), 'Id');
    const balances: Array<{ type: string; cents: number }> = [];
    for (const [j, bal] of blocks(block, 'Bal').entries()) {
      // A credit line (CdtLine) and availability (Avlbty) have amounts of their own, not the balance's.
      const own = bal.replace(/<(CdtLine|Avlbty)[\s>][\s\S]*?<\/\1>/g, '');
      const amount = signed(own, `${message[1]} ${i + 1} Bal ${j + 1}`);
      if (typeof amount === 'string') return notAStatement(amount);
      balances.push({ type: value(first(bal, 'Tp') ?? '', 'Cd') ?? value(first(bal, 'Tp') ?? '', 'Prtry') ?? '', cents: amount });
    }
    const opening = balances.find((b) => b.type === 'OPBD') ?? balances.find((b) => b.type === 'PRCD');
    const closing = balances.find((b) => b.type === 'CLBD') ?? balances.filter((b) => b.type === 'ITBD').pop();
    const statement: ReadStatement = {
      account,
      opening: opening?.cents ?? null,
      closing: closing?.cents ?? null,
      booked: { count: 0, cents: 0 },
      pending: { count: 0, cents: 0 },
    };
    for (const [j, ntry] of blocks(block, 'Ntry').entries()) {
      const amount = signed(ntry, `${message[1]} ${i + 1} Ntry ${j + 1}`);
      if (typeof amount === 'string') return notAStatement(amount);
      const sts = /<Sts>\s*(?:<Cd>)?\s*(\w+)/.exec(ntry)?.[1] ?? 'BOOK';
      const bucket = sts === 'PDNG' ? statement.pending : sts === 'BOOK' ? statement.booked : null;
      if (!bucket) continue;
      bucket.count++;
      bucket.cents += amount;
    }
    statements.push(statement);
  }
  if (statements.length === 0) return notAStatement(`no ${message[1]}`);
  return { kind: 'statements', statements };
}
