import { validIban } from './iban';

/**
 * Banks by the institution code of their BIC (its first four letters), for the import record's "recognised
 * bank". Only codes that name one bank or one banking group; everything else stays unknown.
 */
const BY_BIC_INSTITUTION: Record<string, string> = {
  DEUT: 'Deutsche Bank',
  PBNK: 'Postbank',
  COBA: 'Commerzbank',
  DRES: 'Commerzbank',
  INGD: 'ING',
  INGB: 'ING',
  GENO: 'Volksbank Raiffeisenbank',
  HYVE: 'HypoVereinsbank',
  NTSB: 'N26',
  SOBK: 'Solaris',
  GIBA: 'Erste Bank und Sparkassen',
  BKAU: 'UniCredit Bank Austria',
  BAWA: 'BAWAG P.S.K.',
  EASY: 'easybank',
  RZBA: 'Raiffeisen',
  RLNW: 'Raiffeisen',
  RZOO: 'Raiffeisen',
  RZTI: 'Raiffeisen',
  RZSB: 'Raiffeisen',
  RZKT: 'Raiffeisen',
  RZST: 'Raiffeisen',
  RVVG: 'Raiffeisen',
  RVSA: 'Raiffeisen',
  RZBK: 'Raiffeisen',
  VBOE: 'Volksbank',
  OBKL: 'Oberbank',
  BTVA: 'BTV',
  RABO: 'Rabobank',
  ABNA: 'ABN AMRO',
  KNAB: 'Knab',
  ASNB: 'ASN Bank',
  TRIO: 'Triodos',
  BUNQ: 'bunq',
  SNSB: 'SNS',
  RBRB: 'RegioBank',
  HSBC: 'HSBC',
  DABA: 'Danske Bank',
  NDEA: 'Nordea',
  HAND: 'Handelsbanken',
  SWED: 'Swedbank',
  ESSE: 'SEB',
  BREX: 'mBank',
  PKOP: 'PKO Bank Polski',
  SABR: 'Sberbank',
  CITI: 'Citibank',
  UBSW: 'UBS',
  POFI: 'PostFinance',
  ZKBK: 'Zürcher Kantonalbank',
};

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export function bankOfBic(bic: string | null | undefined): string | null {
  const value = (bic ?? '').trim().toUpperCase();
  return BIC.test(value) ? (BY_BIC_INSTITUTION[value.slice(0, 4)] ?? null) : null;
}

/** Dutch IBANs carry the bank's BIC institution code (NLkk BANK 0123456789). */
export function bankOfIban(iban: string | null | undefined): string | null {
  const value = validIban(iban);
  if (!value || !value.startsWith('NL')) return null;
  return BY_BIC_INSTITUTION[value.slice(4, 8)] ?? null;
}
