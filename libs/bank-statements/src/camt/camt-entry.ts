import { isValidIban, normalizeIban, toCents } from '@portal/domain';
import { baseKeyOf } from '../entry-keys';
import { emptyEntryFields, StatementParseError, type EntryStatus, type ParsedEntry } from '../statement';
import { at, childrenNamed, firstText, textAt, type XmlNode } from '../xml/xml-node';
import { amountOf, dayOf, signOf } from './camt-amounts';

type Unkeyed = Omit<ParsedEntry, 'key'>;

/** Sts: a code (up to .001.07) or Sts/Cd (from .001.08). FUTR (future) is not booked yet either. */
function statusOf(ntry: XmlNode): EntryStatus {
  const code = (textAt(ntry, 'Sts', 'Cd') ?? textAt(ntry, 'Sts', 'Prtry') ?? textAt(ntry, 'Sts') ?? 'BOOK').toUpperCase();
  if (code === 'PDNG' || code === 'FUTR') return 'pending';
  if (code === 'INFO') return 'info';
  return 'booked';
}

/** ISO domain-family-subfamily ("PMNT-RCDT-ESCT"), else the bank's proprietary code (e.g. the German GV code "NTRF+166+..."). */
function bankCodeOf(node: XmlNode | undefined): string | null {
  const domain = textAt(node, 'BkTxCd', 'Domn', 'Cd');
  if (domain) return [domain, textAt(node, 'BkTxCd', 'Domn', 'Fmly', 'Cd'), textAt(node, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd')].filter(Boolean).join('-');
  return textAt(node, 'BkTxCd', 'Prtry', 'Cd');
}

/** Up to .001.07 a party is Dbtr/Nm; from .001.08 Dbtr/Pty/Nm, or an agent. The ultimate party is the one the payment is for. */
const partyName = (tx: XmlNode, role: 'Dbtr' | 'Cdtr') =>
  firstText(tx, [['RltdPties', `Ultmt${role}`, 'Pty', 'Nm'], ['RltdPties', `Ultmt${role}`, 'Nm'], ['RltdPties', role, 'Pty', 'Nm'], ['RltdPties', role, 'Nm'], ['RltdPties', role, 'Agt', 'FinInstnId', 'Nm']]);

const texts = (nodes: XmlNode[]) => nodes.map((n) => n.text.replace(/\s+/g, ' ').trim()).filter((t) => t !== '');

/** What one TxDtls says about the counterparty (the debtor of a credit, the creditor of a debit), purpose and references. */
function details(tx: XmlNode, credit: boolean): Partial<Unkeyed> {
  const role = credit ? 'Dbtr' : 'Cdtr';
  const remittance = at(tx, 'RmtInf');
  const structured = childrenNamed(remittance, 'Strd');
  const creditorRef = structured.map((s) => textAt(s, 'CdtrRefInf', 'Ref')).find((r) => r !== null) ?? null;
  const purpose = [...texts(childrenNamed(remittance, 'Ustrd')), ...structured.flatMap((s) => texts(childrenNamed(s, 'AddtlRmtInf')))];
  const iban = normalizeIban(textAt(tx, 'RltdPties', `${role}Acct`, 'Id', 'IBAN') ?? '');
  const endToEnd = textAt(tx, 'Refs', 'EndToEndId');
  return {
    counterpartyName: partyName(tx, role) ?? '',
    counterpartyIban: iban && isValidIban(iban) ? iban : null,
    counterpartyBic: firstText(tx, [['RltdAgts', `${role}Agt`, 'FinInstnId', 'BICFI'], ['RltdAgts', `${role}Agt`, 'FinInstnId', 'BIC']]),
    remittance: purpose.join(' ').replace(/\s+/g, ' ').trim(),
    reference: creditorRef,
    endToEndId: endToEnd && endToEnd.toUpperCase() !== 'NOTPROVIDED' ? endToEnd : null,
    mandateId: textAt(tx, 'Refs', 'MndtId'),
  };
}

/** The signed amount a TxDtls names in the entry's currency (TxAmt, or the TxDtls's own Amt from .001.04 on). */
function partAmount(tx: XmlNode, currency: string, entrySign: 1 | -1): number | null {
  const amount = at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? at(tx, 'Amt');
  const raw = amount?.text.trim() ?? '';
  if (!amount || !/^\d+(\.\d+)?$/.test(raw)) return null;
  if (amount.attributes?.Ccy && amount.attributes.Ccy !== currency) return null;
  const indicator = textAt(tx, 'CdtDbtInd');
  const sign = indicator === 'CRDT' ? 1 : indicator === 'DBIT' ? -1 : entrySign;
  return sign * toCents(raw)!;
}

export interface EntryContext {
  where: string;
  currency: string | null;
  /** The day pending and informational entries without a booking date are shown on (the report's date). */
  reportDay: string | null;
}

/**
 * One Ntry as entries. A batch booking (several TxDtls) is split into its transactions when each names its
 * amount and they add up to the entry; the parts share the entry's key as batchRef. Otherwise it stays one
 * entry with the parties and purposes of all transactions.
 */
export function entriesOfNtry(ntry: XmlNode, context: EntryContext): Unkeyed[] {
  const { where } = context;
  const { cents, currency: ownCurrency } = amountOf(ntry, where);
  const sign = signOf(ntry, where);
  const status = statusOf(ntry);
  const currency = ownCurrency ?? context.currency ?? 'EUR';
  const bookingDate = dayOf(at(ntry, 'BookgDt')) ?? dayOf(at(ntry, 'ValDt')) ?? (status === 'booked' ? null : context.reportDay);
  if (!bookingDate) throw new StatementParseError(`${where}: element BookgDt is missing or not a date.`);
  const rev = (textAt(ntry, 'RvslInd') ?? '').toLowerCase();
  const whole: Unkeyed = {
    ...emptyEntryFields,
    status,
    bookingDate,
    valueDate: dayOf(at(ntry, 'ValDt')),
    amountCents: sign * cents,
    currency,
    reversal: rev === 'true' || rev === '1',
    bankReference: textAt(ntry, 'AcctSvcrRef') ?? textAt(ntry, 'NtryRef'),
    bankCode: bankCodeOf(ntry),
  };
  const additional = texts(childrenNamed(ntry, 'AddtlNtryInf')).join(' ');
  const txs = childrenNamed(ntry, 'NtryDtls').flatMap((d) => childrenNamed(d, 'TxDtls'));
  if (txs.length <= 1) {
    const d = txs.length === 1 ? details(txs[0]!, sign > 0) : {};
    return [{ ...whole, ...d, remittance: d.remittance || additional, bankReference: whole.bankReference ?? textAt(txs[0], 'Refs', 'AcctSvcrRef'), bankCode: whole.bankCode ?? bankCodeOf(txs[0]) }];
  }
  const amounts = txs.map((tx) => partAmount(tx, currency, sign));
  if (amounts.every((a) => a !== null) && (amounts as number[]).reduce((s, a) => s + a, 0) === whole.amountCents) {
    const batchRef = baseKeyOf(whole, false);
    return txs.map((tx, k) => {
      const part = details(tx, (amounts[k] as number) > 0);
      return { ...whole, ...part, remittance: part.remittance || additional, amountCents: amounts[k] as number, bankCode: bankCodeOf(tx) ?? whole.bankCode, batchRef };
    });
  }
  const parts = txs.map((tx) => details(tx, sign > 0));
  return [{ ...whole, counterpartyName: parts.map((p) => p.counterpartyName).filter(Boolean).join(', '), remittance: [additional, ...parts.map((p) => p.remittance)].filter(Boolean).join(' | ') }];
}
