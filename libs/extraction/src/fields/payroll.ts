/**
 * Titles of payroll documents (payslips, payroll accounts, contribution statements, wage tax cards) in
 * German and English. Two hits, or one title near the top of the page, suggest a payroll document.
 */
const TITLES = [
  /\blohn-?\s*(?:und|\/)?\s*gehaltsabrechnung/i,
  /\bgehaltsabrechnung/i,
  /\blohnabrechnung/i,
  /\bentgeltabrechnung/i,
  /\bverdienstabrechnung/i,
  /\bbezügeabrechnung/i,
  /\blohnkonto/i,
  /\bbeitragsnachweis/i,
  /\bbeitragsgrundlagennachweis/i,
  /\blohnsteuerbescheinigung/i,
  /\blohnsteuerkarte/i,
  /\blohnzettel\b/i,
  /\bpay\s?slip\b/i,
  /\bpayroll\b/i,
  /\bsalary statement\b/i,
  /\bwage tax card\b/i,
  /\bcontribution statement\b/i,
  /\bearnings statement\b/i,
];
const DETAILS = [
  /\bbrutto(?:bezug|lohn|gehalt)\b/i,
  /\bnetto(?:bezug|lohn|gehalt|auszahlung)\b/i,
  /\bsozialversicherung/i,
  /\blohnsteuer\b/i,
  /\bsteuerklasse\b/i,
  /\bpersonalnummer\b/i,
  /\bnet pay\b/i,
  /\bgross pay\b/i,
  /\bemployee (?:no|number|id)\b/i,
];

export function looksLikePayroll(text: string): boolean {
  const head = text.slice(0, 600);
  const titles = TITLES.filter((re) => re.test(text)).length;
  const details = DETAILS.filter((re) => re.test(text)).length;
  return TITLES.some((re) => re.test(head)) ? details >= 1 || titles >= 2 : titles >= 1 && details >= 2;
}
