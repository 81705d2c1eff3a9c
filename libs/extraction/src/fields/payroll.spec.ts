import { looksLikePayroll } from './payroll';

describe('payroll documents suggested by the extraction', () => {
  it('recognises a German payslip', () =>
    expect(looksLikePayroll('Lohn- und Gehaltsabrechnung März 2026\nPersonalnummer 0042\nBruttobezug 3.200,00\nLohnsteuer 412,10')).toBe(true));
  it('recognises an English payslip', () =>
    expect(looksLikePayroll('Payslip March 2026\nEmployee number 42\nGross pay 3,200.00\nNet pay 2,310.00')).toBe(true));
  it('recognises a contribution statement', () =>
    expect(looksLikePayroll('Beitragsnachweis 03/2026\nSozialversicherung Krankenversicherung\nPersonalnummer 12')).toBe(true));
  it('leaves an invoice that mentions payroll software alone', () =>
    expect(looksLikePayroll('Rechnung RE-2026-1\nLizenz Lohnverrechnung Software\nNetto 100,00 USt 20,00')).toBe(false));
});
