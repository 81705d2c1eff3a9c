import type { SvImportError } from '@portal/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const FILE_PROBLEMS = new Set(['empty', 'missingColumns']);

/** A statement line that was not imported, in the user's language: "Zeile 4: Buchungsdatum „32.01.2025“ ist kein Datum …". */
export function importErrorText(error: SvImportError, t: Translate): string {
  const problems = error.problems.map((p) => t(`sv-tool.import.problems.${p.key}`, p.params)).join('; ');
  return error.problems.every((p) => FILE_PROBLEMS.has(p.key)) ? problems : t('sv-tool.import.line', { line: error.line, problems });
}
