import { isPayrollExport } from './payroll-export';

describe('whether an export is payroll', () => {
  const payroll = (id: number) => id === 7001 || id === 7003;

  it('given an export of payroll documents only, then the export is payroll', () => {
    expect(isPayrollExport([7001], payroll)).toBe(true);
    expect(isPayrollExport([7001, 7003], payroll)).toBe(true);
  });

  it('given an export that also holds an ordinary document, then it is not payroll', () => {
    expect(isPayrollExport([7001, 7002], payroll)).toBe(false);
  });

  it('given an export of no documents, then it is not payroll', () => {
    expect(isPayrollExport([], () => true)).toBe(false);
  });
});
