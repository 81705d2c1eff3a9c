import { validIban } from '../iban';
import { baseKeyOf } from '../entry-keys';
import { newEntry, StatementParseError, type EntryStatus, type ParsedEntry } from '../statement';
import { child, firstText, textAt, type XmlNode, type XmlPath } from '../xml/xml-node';
import { amountOf, centsOf, dayOf, signOf } from './camt-amounts';

type Details = Pick<ParsedEntry, 'counterpartyName' | 'counterpartyIban' | 'counterpartyBic' | 'remittance' | 'reference' | 'endToEndId' | 'mandateId'>;

// Paths read for every entry, as constants (entries of large files are read by the ten thousand).
const STS_CODE = ['Sts', 'Cd'] as const;
const STS_PROPRIETARY = ['Sts', 'Prtry'] as const;
const STS = ['Sts'] as const;
const DOMAIN = ['BkTxCd', 'Domn', 'Cd'] as const;
const FAMILY = ['BkTxCd', 'Domn', 'Fmly', 'Cd'] as const;
const SUB_FAMILY = ['BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd'] as const;
const PROPRIETARY_CODE = ['BkTxCd', 'Prtry', 'Cd'] as const;
const REVERSAL = ['RvslInd'] as const;
const SERVICER_REF = ['AcctSvcrRef'] as const;
const ENTRY_REF = ['NtryRef'] as const;
const TX_SERVICER_REF = ['Refs', 'AcctSvcrRef'] as const;
const END_TO_END = ['Refs', 'EndToEndId'] as const;
const MANDATE = ['Refs', 'MndtId'] as const;
const CREDITOR_REF = ['CdtrRefInf', 'Ref'] as const;
const TX_AMOUNT = ['AmtDtls', 'TxAmt', 'Amt'] as const;
const TX_INDICATOR = ['CdtDbtInd'] as const;

/** Up to .001.07 a party is Dbtr/Nm; from .001.08 Dbtr/Pty/Nm, or an agent. The ultimate party is the one the payment is for. */
const roles = (role: 'Dbtr' | 'Cdtr') => ({
  names: [
    ['RltdPties', `Ultmt${role}`, 'Pty', 'Nm'],
    ['RltdPties', `Ultmt${role}`, 'Nm'],
    ['RltdPties', role, 'Pty', 'Nm'],
    ['RltdPties', role, 'Nm'],
    ['RltdPties', role, 'Agt', 'FinInstnId', 'Nm'],
  ] as readonly XmlPath[],
  iban: ['RltdPties', `${role}Acct`, 'Id', 'IBAN'] as XmlPath,
  bics: [
    ['RltdAgts', `${role}Agt`, 'FinInstnId', 'BICFI'],
    ['RltdAgts', `${role}Agt`, 'FinInstnId', 'BIC'],
  ] as readonly XmlPath[],
});
const DEBTOR = roles('Dbtr');
const CREDITOR = roles('Cdtr');

/** Sts: a code (up to .001.07) or Sts/Cd (from .001.08). FUTR (future) is not booked yet either. */
function statusOf(ntry: XmlNode): EntryStatus {
  const code = (textAt(ntry, STS_CODE) ?? textAt(ntry, STS_PROPRIETARY) ?? textAt(ntry, STS) ?? 'BOOK').toUpperCase();
  if (code === 'PDNG' || code === 'FUTR') return 'pending';
  if (code === 'INFO') return 'info';
  return 'booked';
}

/** ISO domain-family-subfamily ("PMNT-RCDT-ESCT"), else the bank's proprietary code (e.g. the German GV code "NTRF+166+..."). */
function bankCodeOf(node: XmlNode | undefined): string | null {
  const domain = textAt(node, DOMAIN);
  if (domain) {
    const family = textAt(node, FAMILY);
    const sub = textAt(node, SUB_FAMILY);
    return family ? (sub ? `${domain}-${family}-${sub}` : `${domain}-${family}`) : domain;
  }
  return textAt(node, PROPRIETARY_CODE);
}

const clean = (text: string) => (/\s\s|[\t\n\r]/.test(text) ? text.replace(/\s+/g, ' ') : text).trim();

/** The texts of the children with this name, cleaned, without empty ones. */
function texts(node: XmlNode | undefined, name: string, into: string[] = []): string[] {
  if (!node) return into;
  for (const c of node.children) {
    if (c.name !== name) continue;
    const t = clean(c.text);
    if (t !== '') into.push(t);
  }
  return into;
}

/** What one TxDtls says about the counterparty (the debtor of a credit, the creditor of a debit), purpose and references. */
function details(tx: XmlNode, credit: boolean): Details {
  const role = credit ? DEBTOR : CREDITOR;
  const remittance = child(tx, 'RmtInf');
  const purpose = texts(remittance, 'Ustrd');
  let creditorRef: string | null = null;
  if (remittance) {
    for (const s of remittance.children) {
      if (s.name !== 'Strd') continue;
      creditorRef ??= textAt(s, CREDITOR_REF);
      texts(s, 'AddtlRmtInf', purpose);
    }
  }
  const endToEnd = textAt(tx, END_TO_END);
  return {
    counterpartyName: firstText(tx, role.names) ?? '',
    counterpartyIban: validIban(textAt(tx, role.iban)),
    counterpartyBic: firstText(tx, role.bics),
    remittance: purpose.length === 1 ? purpose[0]! : clean(purpose.join(' ')),
    reference: creditorRef,
    endToEndId: endToEnd && endToEnd.toUpperCase() !== 'NOTPROVIDED' ? endToEnd : null,
    mandateId: textAt(tx, MANDATE),
  };
}

/**
 * The signed amount a TxDtls names in the entry's currency (TxAmt, or the TxDtls's own Amt from .001.04 on); null
 * without one or in another currency. An amount the ISO 20022 schema does not allow refuses the file, naming it.
 */
function partAmount(tx: XmlNode, currency: string, entrySign: 1 | -1, where: () => string): number | null {
  const inDetails = textAt(tx, TX_AMOUNT) !== null;
  const amount = inDetails ? child(child(child(tx, 'AmtDtls'), 'TxAmt'), 'Amt') : child(tx, 'Amt');
  const raw = amount?.text.trim() ?? '';
  if (!amount || raw === '') return null;
  const cents = centsOf(raw, inDetails ? 'AmtDtls/TxAmt/Amt' : 'Amt', where);
  if (amount.attributes?.Ccy && amount.attributes.Ccy !== currency) return null;
  const indicator = textAt(tx, TX_INDICATOR);
  const sign = indicator === 'CRDT' ? 1 : indicator === 'DBIT' ? -1 : entrySign;
  return sign * cents;
}

export interface EntryContext {
  /** Where the entry is in the file, for messages (built only when one is needed). */
  where: () => string;
  currency: string | null;
  /** The day pending and informational entries without a booking date are shown on (the report's date). */
  reportDay: string | null;
  /**
   * The day a booked entry naming neither booking nor value date is put on (both are optional in every version): the
   * end of the statement's period, else its date. `undated` is told where, for a warning.
   */
  bookedDay?: string | null;
  undated?: (where: string) => void;
  /** false: without counterparty, purpose and references (amounts, dates, status, codes and batches as ever). */
  details?: boolean;
}

/**
 * One Ntry as entries. A batch booking (several TxDtls) is split into its transactions when each names its
 * amount and they add up to the entry; the parts share the entry's key as batchRef. Otherwise it stays one
 * entry with the parties and purposes of all transactions.
 */
export function entriesOfNtry(ntry: XmlNode, context: EntryContext): ParsedEntry[] {
  const { cents, currency: ownCurrency } = amountOf(ntry, context.where);
  const sign = signOf(ntry, context.where);
  const status = statusOf(ntry);
  const currency = ownCurrency ?? context.currency ?? 'EUR';
  const valueDate = dayOf(child(ntry, 'ValDt'));
  let bookingDate = dayOf(child(ntry, 'BookgDt')) ?? valueDate ?? (status === 'booked' ? null : context.reportDay);
  if (!bookingDate && status === 'booked' && context.bookedDay) {
    bookingDate = context.bookedDay;
    context.undated?.(context.where());
  }
  if (!bookingDate) throw new StatementParseError(`${context.where()}: element BookgDt is missing or not a date.`);
  const rev = (textAt(ntry, REVERSAL) ?? '').toLowerCase();
  const whole = newEntry({
    status,
    bookingDate,
    valueDate,
    amountCents: sign * cents,
    currency,
    reversal: rev === 'true' || rev === '1',
    bankReference: textAt(ntry, SERVICER_REF) ?? textAt(ntry, ENTRY_REF),
    bankCode: bankCodeOf(ntry),
  });
  const withDetails = context.details !== false;
  const additional = withDetails ? texts(ntry, 'AddtlNtryInf').join(' ') : '';
  const txs: XmlNode[] = [];
  for (const d of ntry.children) if (d.name === 'NtryDtls') for (const t of d.children) if (t.name === 'TxDtls') txs.push(t);
  if (txs.length === 0) {
    whole.remittance = additional;
    return [whole];
  }
  if (txs.length === 1) {
    const one = newEntry(whole, withDetails ? details(txs[0]!, sign > 0) : undefined);
    if (one.remittance === '') one.remittance = additional;
    one.bankReference ??= textAt(txs[0], TX_SERVICER_REF);
    one.bankCode ??= bankCodeOf(txs[0]);
    return [one];
  }
  const amounts = txs.map((tx, k) => partAmount(tx, currency, sign, () => `${context.where()}, TxDtls ${k + 1}`));
  if (amounts.every((a) => a !== null) && (amounts as number[]).reduce((s, a) => s + a, 0) === whole.amountCents) {
    const batchRef = baseKeyOf(whole, false);
    return txs.map((tx, k) => {
      const part = newEntry(whole, withDetails ? details(tx, (amounts[k] as number) > 0) : undefined);
      if (part.remittance === '') part.remittance = additional;
      part.amountCents = amounts[k] as number;
      part.bankCode = bankCodeOf(tx) ?? whole.bankCode;
      part.batchRef = batchRef;
      return part;
    });
  }
  if (!withDetails) return [whole];
  const parts = txs.map((tx) => details(tx, sign > 0));
  whole.counterpartyName = parts
    .map((p) => p.counterpartyName)
    .filter(Boolean)
    .join(', ');
  whole.remittance = [additional, ...parts.map((p) => p.remittance)].filter(Boolean).join(' | ');
  return [whole];
}
