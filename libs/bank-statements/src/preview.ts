import type { ImportWarning, StatementAccount, StatementFormat } from '@portal/contracts';
import { reconcile, type LastBalance } from './reconcile';
import type { FileKind } from './read-statement-file';
import type { StatementFile } from './statement';

/** What the import dialog shows before anything is recorded (see StatementPreview in the contracts). */
export interface FilePreview {
  kind: FileKind;
  format: StatementFormat | null;
  bank: string | null;
  recognised: boolean;
  ibans: string[];
  accounts: StatementAccount[];
  needsAccount: boolean;
  statements: number;
  entries: number;
  warnings: ImportWarning[];
}

/**
 * Where the accounts a file may go to were left: the latest closing balance of the client's accounts by IBAN, and
 * of the account chosen for statements without one.
 */
export interface PreviousBalances {
  byIban: Record<string, LastBalance>;
  chosen: LastBalance | null;
}

/** Statements without IBAN go to the chosen account when there is one. */
const CHOSEN = '#chosen';

/**
 * The preview of a file that was read: its accounts, counts and what reconciling its statements found, also
 * against where the accounts were left (a statement opening otherwise than the account's previous closing).
 */
export function previewOf(kind: FileKind, file: StatementFile, previous: PreviousBalances | null = null): FilePreview {
  const accounts = new Map<string, StatementAccount>();
  for (const s of file.statements) {
    const id = s.iban ?? s.accountText ?? '';
    const known = accounts.get(id) ?? { text: s.accountText, iban: s.iban, statements: 0 };
    known.statements++;
    accounts.set(id, known);
  }
  const last = new Map<string, LastBalance>(Object.entries(previous?.byIban ?? {}));
  if (previous?.chosen) last.set(CHOSEN, previous.chosen);
  const warnings = reconcile(file.statements, { accountOf: (s) => s.iban ?? (previous?.chosen ? CHOSEN : (s.accountText ?? '')), previous: last });
  warnings.push(...skipWarnings(file));
  return {
    kind,
    format: file.format,
    bank: file.bank,
    recognised: kind !== 'csv' || file.bank !== null,
    ibans: [...new Set(file.statements.flatMap((s) => (s.iban ? [s.iban] : [])))],
    accounts: [...accounts.values()],
    needsAccount: file.statements.some((s) => s.iban === null),
    statements: file.statements.length,
    entries: file.statements.reduce((n, s) => n + s.entries.length, 0),
    warnings,
  };
}

/** What a file held that was not imported: lines that are no rows, lines outside any statement, files of a bundle. */
export function skipWarnings(file: Pick<StatementFile, 'skippedLines' | 'skippedFiles' | 'strayLines' | 'undatedEntries'>): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  const { skippedLines, strayLines, skippedFiles, undatedEntries } = file;
  if (skippedLines.length > 0) warnings.push({ kind: 'skipped-lines', statement: '1', current: skippedLines.join(', '), count: skippedLines.length });
  if (strayLines?.length) warnings.push({ kind: 'stray-lines', statement: '1', current: lineRanges(strayLines), count: strayLines.length });
  if (skippedFiles?.length) warnings.push({ kind: 'skipped-files', statement: '1', current: skippedFiles.join(', '), count: skippedFiles.length });
  if (undatedEntries?.length) warnings.push({ kind: 'undated-entries', statement: '1', current: undatedEntries.join('; '), count: undatedEntries.length });
  return warnings;
}

/** 38, 39, 40, 52 → "38–40, 52". */
function lineRanges(lines: number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    ranges.push(j > i ? `${lines[i]}–${lines[j]}` : `${lines[i]}`);
    i = j;
  }
  return ranges.join(', ');
}
