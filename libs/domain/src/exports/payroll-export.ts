/**
 * An export of payroll documents only is itself payroll: without dpv neither the job nor its failure exists
 * for the reader (404, not listed). An export that also holds an ordinary document stays visible, without the
 * payroll documents; an export of no documents is not payroll.
 */
export function isPayrollExport(documentIds: readonly number[], isPayroll: (documentId: number) => boolean): boolean {
  return documentIds.length > 0 && documentIds.every(isPayroll);
}
