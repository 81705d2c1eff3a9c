import type { StatementFormat } from '@portal/contracts';
import { bankOfBic, bankOfIban } from '../banks';
import { validIban } from '../iban';
import { noIntermediate, StatementParseError, type BankStatement, type StatedTotals } from '../statement';
import { textInOnePiece, type TextPieces } from '../text-pieces';
import { readXml } from '../xml/read-xml';
import { addChild, child, childrenNamed, firstText, NO_CHILDREN, textAt, type XmlNode } from '../xml/xml-node';
import { balanceOf, isoDay } from './camt-amounts';
import { entriesOfNtry } from './camt-entry';

/** The three bank-to-customer messages: their root element, the element of one statement, and what that is. */
const MESSAGES = {
  BkToCstmrStmt: { message: 'camt.053', block: 'Stmt', kind: 'statement' },
  BkToCstmrAcctRpt: { message: 'camt.052', block: 'Rpt', kind: 'report' },
  BkToCstmrDbtCdtNtfctn: { message: 'camt.054', block: 'Ntfctn', kind: 'notification' },
} as const;
type MessageRoot = keyof typeof MESSAGES;
const isMessageRoot = (name: string): name is MessageRoot => name in MESSAGES;
const CAMT_NAMESPACE = /camt\.05[234]\.\d{3}\.\d{2}/;

export interface CamtFile {
  format: StatementFormat;
  bank: string | null;
  statements: BankStatement[];
}

/**
 * ISO 20022 bank-to-customer cash management, every version in use (.001.02 to .001.13, the German DK and
 * Austrian variants are the same schema): camt.053 statements, camt.052 intraday reports (with pending
 * entries), camt.054 debit/credit notifications (the transactions of batch bookings). Namespace prefixes and
 * attributes on any element do not matter; the message is found by its element, also inside a business
 * application header envelope. Entries are read as each Ntry ends, so a large file is never held as a tree; the
 * text may come a piece at a time (decodedPieces), so it is never held as one string either.
 */
export function readCamt(input: string | TextPieces, options: { details?: boolean } = {}): CamtFile {
  const details = options.details !== false;
  const text = typeof input === 'string' ? textInOnePiece(input) : input;
  let message: (typeof MESSAGES)[MessageRoot] | null = null;
  let version: string | null = null;
  let rootName: string | null = null;
  let rootNamespace: string | null = null;
  let depth = 0;
  let messageDepth = -1;
  const building: XmlNode[] = [];
  const statements: BankStatement[] = [];
  let current: { node: XmlNode; statement: BankStatement; index: number; entries: number; reportDay: string | null; bookedDay: string | null } | null = null;
  /** Booked entries without any date, put on their statement's last day (named in a warning). */
  const undatedEntries: string[] = [];
  const undated = (label: string) => undatedEntries.push(label);
  /** Inside a business application header's MsgDefIdr (names the message and version of an envelope) or GrpHdr/CreDtTm. */
  let collecting: 'definition' | 'created' | null = null;
  let inGroupHeader = false;
  /** The day the message was created (GrpHdr/CreDtTm, which every version requires): the report's day when it names none. */
  let createdDay: string | null = null;

  const where = (index: number) => `${message!.block} ${index}`;
  readXml(text, {
    open(name, attributes, position) {
      depth++;
      if (rootName === null) {
        rootName = name;
        rootNamespace = attributes?.xmlns ?? Object.entries(attributes ?? {}).find(([k]) => k.startsWith('xmlns:'))?.[1] ?? null;
      }
      if (attributes) version ??= versionIn(attributes);
      const node: XmlNode = { name, attributes, children: NO_CHILDREN, text: '', position };
      if (building.length > 0) {
        addChild(building[building.length - 1]!, node);
        building.push(node);
        return;
      }
      if (message === null && isMessageRoot(name)) {
        message = MESSAGES[name];
        messageDepth = depth;
        return;
      }
      if (message !== null && depth === messageDepth + 1 && name === message.block) {
        building.push(node);
        current = { node, statement: emptyStatement(), index: statements.length + 1, entries: 0, reportDay: null, bookedDay: null };
      }
      if (name === 'GrpHdr' && message !== null && depth === messageDepth + 1) inGroupHeader = true;
      collecting = name === 'MsgDefIdr' ? 'definition' : inGroupHeader && name === 'CreDtTm' ? 'created' : null;
    },
    text(value) {
      if (building.length > 0) building[building.length - 1]!.text += value;
      else if (collecting === 'definition') version ??= CAMT_NAMESPACE.exec(value)?.[0] ?? null;
      else if (collecting === 'created') createdDay ??= isoDay(value);
    },
    close(name) {
      collecting = null;
      if (name === 'GrpHdr') inGroupHeader = false;
      depth--;
      if (building.length === 0) return;
      const node = building.pop()!;
      if (!current) return;
      if (node.name === 'Ntry' && building.length === 1 && building[0] === current.node) {
        // Account, currency and balances come before the entries in every version: the entry can be read now.
        current.entries++;
        if (current.entries === 1) {
          describe(current.statement, current.node, where(current.index));
          current.reportDay = reportDay(current.node) ?? createdDay;
          current.bookedDay = isoDay(textAt(current.node, ['FrToDt', 'ToDtTm'])) ?? current.reportDay;
        }
        const { index, entries } = current;
        const label = () => `${where(index)}, Ntry ${entries} (line ${text.lineOf(node.position)})`;
        const context = { where: label, currency: current.statement.currency, reportDay: current.reportDay, bookedDay: current.bookedDay, undated, details };
        for (const e of entriesOfNtry(node, context)) current.statement.entries.push(e);
        current.node.children.pop();
        return;
      }
      if (building.length === 0 && name === message?.block) {
        if (current.entries === 0) describe(current.statement, current.node, where(current.index));
        finish(current.statement, current.node);
        statements.push(current.statement);
        current = null;
      }
    },
  });

  // Assigned in the handler's callbacks, which the compiler does not follow.
  const seenRoot = rootName as string | null;
  const seenNamespace = rootNamespace as string | null;
  const seenVersion = version as string | null;
  if (message === null) {
    const found = seenRoot ?? 'none';
    const namespace = seenNamespace ? ` (namespace ${seenNamespace})` : '';
    throw new StatementParseError(
      found === 'Document'
        ? `Element Document/BkToCstmrStmt (or BkToCstmrAcctRpt, BkToCstmrDbtCdtNtfctn) is missing${namespace}: the file holds no bank statement.`
        : `Not a camt statement: the root element is <${found}>${namespace}, not an ISO 20022 Document with BkToCstmrStmt.`,
    );
  }
  const found = message as (typeof MESSAGES)[MessageRoot];
  if (statements.length === 0)
    throw new StatementParseError(
      `Element ${Object.keys(MESSAGES).find((k) => MESSAGES[k as MessageRoot] === found)}/${found.block} is missing: the file holds no statement.`,
    );
  const format = (seenVersion && seenVersion.startsWith(found.message) ? seenVersion : found.message) as StatementFormat;
  for (const s of statements) s.format = format;
  return { format, bank: statements.map((s) => s.bankName).find(Boolean) ?? null, statements, ...(undatedEntries.length > 0 ? { undatedEntries } : {}) };

  function emptyStatement(): BankStatement {
    return {
      format: 'camt.053',
      kind: message!.kind,
      statementId: null,
      sequence: null,
      iban: null,
      accountText: null,
      currency: null,
      bic: null,
      bankName: null,
      from: null,
      to: null,
      opening: null,
      closing: null,
      intermediate: { ...noIntermediate },
      totals: null,
      entries: [],
    };
  }
}

/**
 * The message and version an element's attributes name: its namespace declarations first (they define the
 * message), then other attributes (xsi:schemaLocation is a hint, sometimes left from another version).
 */
function versionIn(attributes: Record<string, string>): string | null {
  const isNamespace = (key: string) => key === 'xmlns' || key.startsWith('xmlns:');
  let hint: string | null = null;
  for (const [key, value] of Object.entries(attributes)) {
    const found = CAMT_NAMESPACE.exec(value)?.[0];
    if (found && isNamespace(key)) return found;
    hint ??= found ?? null;
  }
  return hint;
}

/** The report's day: pending entries without a booking date are shown on it. */
const reportDay = (block: XmlNode) => isoDay(textAt(block, ['CreDtTm'])) ?? isoDay(textAt(block, ['FrToDt', 'ToDtTm']));

/** Account, balances and totals of a statement (all before its first Ntry). */
function describe(statement: BankStatement, block: XmlNode, where: string): void {
  const rawIban = textAt(block, ['Acct', 'Id', 'IBAN']);
  statement.iban = validIban(rawIban);
  statement.accountText = rawIban ?? textAt(block, ['Acct', 'Id', 'Othr', 'Id']);
  statement.statementId = textAt(block, ['Id']);
  statement.sequence = textAt(block, ['ElctrncSeqNb']) ?? textAt(block, ['LglSeqNb']);
  statement.bic = firstText(block, [
    ['Acct', 'Svcr', 'FinInstnId', 'BICFI'],
    ['Acct', 'Svcr', 'FinInstnId', 'BIC'],
  ]);
  statement.bankName = textAt(block, ['Acct', 'Svcr', 'FinInstnId', 'Nm']) ?? bankOfBic(statement.bic) ?? bankOfIban(statement.iban);
  const balances = childrenNamed(block, 'Bal').map((b, j) => balanceOf(b, `${where}, Bal ${j + 1}`));
  statement.opening = (balances.find((b) => b.type === 'OPBD') ?? balances.find((b) => b.type === 'PRCD'))?.balance ?? null;
  statement.closing = (balances.find((b) => b.type === 'CLBD') ?? balances.filter((b) => b.type === 'ITBD').pop())?.balance ?? null;
  const firstBalance = child(child(block, 'Bal'), 'Amt');
  statement.currency = textAt(block, ['Acct', 'Ccy']) ?? firstBalance?.attributes?.Ccy ?? null;
  statement.totals = totalsOf(block);
  statement.from = isoDay(textAt(block, ['FrToDt', 'FrDtTm']));
  statement.to = isoDay(textAt(block, ['FrToDt', 'ToDtTm']));
}

function totalsOf(block: XmlNode): StatedTotals | null {
  const summary = child(block, 'TxsSummry');
  if (!summary) return null;
  const side = (name: string) => {
    const count = Number(textAt(summary, [name, 'NbOfNtries']));
    const sum = textAt(summary, [name, 'Sum']);
    if (!Number.isInteger(count) || sum === null || !/^\d+(\.\d+)?$/.test(sum)) return null;
    const [whole, fraction = ''] = sum.split('.');
    return { count, cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)) };
  };
  const totals = { credit: side('TtlCdtNtries'), debit: side('TtlDbtNtries') };
  return totals.credit || totals.debit ? totals : null;
}

/** The period from the entries when the statement names none. */
function finish(statement: BankStatement, block: XmlNode): void {
  if (statement.currency === null) statement.currency = statement.entries[0]?.currency ?? null;
  // The entries' days are sorted only for a period the statement and its balances do not state (a sort of 100,000 strings otherwise for nothing).
  const needsDays = (statement.from === null && !statement.opening) || (statement.to === null && !statement.closing);
  const days = needsDays ? statement.entries.map((e) => e.bookingDate).sort() : [];
  statement.from ??= statement.opening?.date ?? days[0] ?? isoDay(textAt(block, ['CreDtTm']));
  statement.to ??= statement.closing?.date ?? days[days.length - 1] ?? isoDay(textAt(block, ['CreDtTm']));
}
