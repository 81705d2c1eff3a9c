import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { toCents } from '@portal/domain';
import { withKeys } from './entry-keys';
import { emptyEntryFields, StatementParseError, type ParsedEntry, type ParsedStatement, type StatementBalance } from './statement';

/** ISO 20022 BankToCustomerStatement namespaces we read, by message version. */
export const CAMT053_NAMESPACES = {
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02': 'camt.053.001.02',
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08': 'camt.053.001.08',
} as const;

type Version = (typeof CAMT053_NAMESPACES)[keyof typeof CAMT053_NAMESPACES];
type Node = Record<string, unknown>;

const ARRAYS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlNtryInf']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The node at a path of element names; undefined when any step is missing. */
function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const step of path) {
    if (Array.isArray(current)) current = current[0];
    if (!isNode(current)) return undefined;
    current = current[step];
  }
  return current;
}
function text(node: unknown, ...path: string[]): string | null {
  const v = at(node, ...path);
  const value = isNode(v) ? v['#text'] : Array.isArray(v) ? v[0] : v;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const firstText = (node: unknown, paths: string[][]) => {
  for (const p of paths) {
    const v = text(node, ...p);
    if (v !== null) return v;
  }
  return null;
};
const dateOf = (node: unknown): string | null => {
  const v = firstText(node, [['Dt'], ['DtTm']]);
  return v ? v.slice(0, 10) : null;
};

/** Which camt.053 version a document is, from its default namespace; a clear error for anything else. */
export function camtVersionOf(xml: string): Version {
  const m = /<(?:[\w.-]+:)?Document\b[^>]*?\bxmlns(?::[\w.-]+)?\s*=\s*["']([^"']+)["']/.exec(xml);
  if (!m) throw new StatementParseError('Not a camt.053 statement: the root element Document with an ISO 20022 namespace is missing.');
  const version = CAMT053_NAMESPACES[m[1] as keyof typeof CAMT053_NAMESPACES];
  if (!version) throw new StatementParseError(`Unsupported namespace ${m[1]}: the import reads camt.053.001.02 and camt.053.001.08.`);
  return version;
}

/**
 * Maps an ISO 20022 camt.053 (BkToCstmrStmt, versions .001.02 and .001.08) into typed statements: the
 * account, balances (OPBD/PRCD opening, CLBD closing), entries with status, reversal and bank codes, and
 * batch entries split into their transactions when each names its own amount.
 */
export function parseCamt053(xml: string): ParsedStatement[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const unclosed = /^Invalid '\[(.*)\]' found/s.exec(valid.err.msg);
    if (unclosed) {
      const path = [...unclosed[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]).join('/');
      throw new StatementParseError(`Malformed XML at line ${xml.split('\n').length}: the file ends before ${path} is closed (truncated?).`);
    }
    throw new StatementParseError(`Malformed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  }
  const version = camtVersionOf(xml);
  const doc = parser.parse(xml) as Node;
  const root = at(doc, 'Document', 'BkToCstmrStmt');
  if (!isNode(root)) throw new StatementParseError('Element Document/BkToCstmrStmt is missing: not a bank-to-customer statement.');
  const statements = list(root.Stmt);
  if (statements.length === 0) throw new StatementParseError('Element BkToCstmrStmt/Stmt is missing: the file holds no statement.');
  return statements.map((stmt, i) => parseStatement(stmt, i + 1, version));
}

function parseStatement(stmt: unknown, index: number, version: Version): ParsedStatement {
  const where = `Stmt ${index}`;
  const iban = text(stmt, 'Acct', 'Id', 'IBAN');
  const accountText = iban ?? text(stmt, 'Acct', 'Id', 'Othr', 'Id');
  if (!accountText) throw new StatementParseError(`${where}: element Acct/Id/IBAN is missing.`);
  const balances = list(at(stmt, 'Bal')).map((b, j) => ({ type: firstText(b, [['Tp', 'CdOrPrtry', 'Cd'], ['Tp', 'CdOrPrtry', 'Prtry']]), balance: balanceOf(b, `${where}, Bal ${j + 1}`) }));
  const opening = balances.find((b) => b.type === 'OPBD') ?? balances.find((b) => b.type === 'PRCD');
  const closing = balances.find((b) => b.type === 'CLBD');
  const currency = text(stmt, 'Acct', 'Ccy') ?? text(stmt, 'Bal', 'Amt', '@_Ccy');
  const unkeyed = list(at(stmt, 'Ntry')).flatMap((n, j) => entriesOf(n, `${where}, Ntry ${j + 1}`, currency));
  return {
    format: version,
    statementId: text(stmt, 'Id'),
    sequence: text(stmt, 'ElctrncSeqNb') ?? text(stmt, 'LglSeqNb'),
    iban,
    accountText,
    currency,
    bic: firstText(stmt, [['Acct', 'Svcr', 'FinInstnId', 'BIC'], ['Acct', 'Svcr', 'FinInstnId', 'BICFI']]),
    bankName: text(stmt, 'Acct', 'Svcr', 'FinInstnId', 'Nm'),
    from: text(stmt, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? opening?.balance.date ?? null,
    to: text(stmt, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? closing?.balance.date ?? null,
    opening: opening?.balance ?? null,
    closing: closing?.balance ?? null,
    entries: withKeys(unkeyed),
  };
}

function amountOf(node: unknown, where: string): { cents: number; currency: string | null } {
  const raw = text(node, 'Amt');
  if (raw === null) throw new StatementParseError(`${where}: element Amt is missing.`);
  const cents = toCents(raw);
  if (cents === null || cents < 0) throw new StatementParseError(`${where}: Amt "${raw}" is not an amount.`);
  return { cents, currency: text(node, 'Amt', '@_Ccy') };
}

function signOf(node: unknown, where: string): 1 | -1 {
  const indicator = text(node, 'CdtDbtInd');
  if (indicator === 'CRDT') return 1;
  if (indicator === 'DBIT') return -1;
  throw new StatementParseError(`${where}: CdtDbtInd must be CRDT or DBIT${indicator ? `, not "${indicator}"` : ''}.`);
}

function balanceOf(node: unknown, where: string): StatementBalance {
  const { cents } = amountOf(node, where);
  const date = dateOf(at(node, 'Dt'));
  if (!date) throw new StatementParseError(`${where}: element Dt is missing.`);
  return { amountCents: signOf(node, where) * cents, date };
}

function statusOf(node: unknown): ParsedEntry['status'] {
  const code = (text(node, 'Sts', 'Cd') ?? text(node, 'Sts') ?? 'BOOK').toUpperCase();
  return code === 'PDNG' ? 'pending' : code === 'INFO' ? 'info' : 'booked';
}

function bankCodeOf(node: unknown): string | null {
  const domain = text(node, 'BkTxCd', 'Domn', 'Cd');
  if (domain) return [domain, text(node, 'BkTxCd', 'Domn', 'Fmly', 'Cd'), text(node, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd')].filter(Boolean).join('-');
  return text(node, 'BkTxCd', 'Prtry', 'Cd');
}

/** In .001.02 a party is Dbtr/Nm; from .001.08 on it is Dbtr/Pty/Nm (or an agent). */
const partyName = (tx: unknown, role: string) =>
  firstText(tx, [['RltdPties', `Ultmt${role}`, 'Pty', 'Nm'], ['RltdPties', `Ultmt${role}`, 'Nm'], ['RltdPties', role, 'Pty', 'Nm'], ['RltdPties', role, 'Nm'], ['RltdPties', role, 'Agt', 'FinInstnId', 'Nm']]);

function details(tx: unknown, credit: boolean): Partial<ParsedEntry> {
  const role = credit ? 'Dbtr' : 'Cdtr';
  const ustrd = list(at(tx, 'RmtInf', 'Ustrd')).map((u) => (typeof u === 'string' ? u.trim() : text({ u }, 'u') ?? '')).filter((u) => u !== '');
  const strd = list(at(tx, 'RmtInf', 'Strd'));
  const creditorRef = strd.map((s) => text(s, 'CdtrRefInf', 'Ref')).find((r) => r !== null) ?? null;
  const structuredText = strd.flatMap((s) => list(at(s, 'AddtlRmtInf')).map((a) => (typeof a === 'string' ? a : ''))).filter(Boolean);
  const endToEnd = text(tx, 'Refs', 'EndToEndId');
  return {
    counterpartyName: partyName(tx, role) ?? '',
    counterpartyIban: text(tx, 'RltdPties', `${role}Acct`, 'Id', 'IBAN'),
    counterpartyBic: firstText(tx, [['RltdAgts', `${role}Agt`, 'FinInstnId', 'BIC'], ['RltdAgts', `${role}Agt`, 'FinInstnId', 'BICFI']]),
    remittance: [...ustrd, ...structuredText].join(' ').replace(/\s+/g, ' ').trim(),
    reference: creditorRef,
    endToEndId: endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : null,
    mandateId: text(tx, 'Refs', 'MndtId'),
  };
}

function entriesOf(ntry: unknown, where: string, statementCurrency: string | null): Array<Omit<ParsedEntry, 'key'>> {
  const { cents, currency } = amountOf(ntry, where);
  const sign = signOf(ntry, where);
  const bookingDate = dateOf(at(ntry, 'BookgDt')) ?? dateOf(at(ntry, 'ValDt'));
  if (!bookingDate) throw new StatementParseError(`${where}: element BookgDt is missing.`);
  const base = {
    ...emptyEntryFields,
    status: statusOf(ntry),
    bookingDate,
    valueDate: dateOf(at(ntry, 'ValDt')),
    amountCents: sign * cents,
    currency: currency ?? statementCurrency ?? 'EUR',
    reversal: (text(ntry, 'RvslInd') ?? '').toLowerCase() === 'true',
    bankReference: text(ntry, 'AcctSvcrRef') ?? text(ntry, 'NtryRef'),
    bankCode: bankCodeOf(ntry),
  };
  const additional = list(at(ntry, 'AddtlNtryInf')).map((a) => (typeof a === 'string' ? a : '')).join(' ').trim();
  const txs = list(at(ntry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls')));
  if (txs.length <= 1) {
    const d = txs.length === 1 ? details(txs[0], sign > 0) : {};
    return [{ ...base, ...d, remittance: d.remittance || additional, bankReference: base.bankReference ?? text(txs[0], 'Refs', 'AcctSvcrRef') }];
  }
  // A batch: split it when every transaction names its amount and they add up to the entry.
  const amounts = txs.map((tx) => toCents(text(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? text(tx, 'Amt') ?? ''));
  const batchRef = base.bankReference ?? `${bookingDate}:${cents}`;
  if (amounts.every((a) => a !== null) && (amounts as number[]).reduce((s, a) => s + a, 0) === cents) {
    return txs.map((tx, k) => ({ ...base, ...details(tx, sign > 0), amountCents: sign * (amounts[k] as number), batchRef }));
  }
  const parts = txs.map((tx) => details(tx, sign > 0));
  return [{ ...base, batchRef, counterpartyName: parts.map((p) => p.counterpartyName).filter(Boolean).join(', '), remittance: [additional, ...parts.map((p) => p.remittance)].filter(Boolean).join(' | ') }];
}
