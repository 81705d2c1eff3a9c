/**
 * ERP export reasons are recorded as English text (`field: message; field: message` or "The export
 * failed: …"). Readers in other languages take them apart here and translate field and message by key;
 * what they do not recognise stays as recorded.
 */
export const EXPORT_REASON_KEYS = [
  'missing',
  'empty',
  'notADate',
  'outsidePeriod',
  'notAnAccount',
  'notAnAmount',
  'notATaxAmount',
  'notEur',
  'oneYear',
  'exportFailed',
  'exported',
] as const;
export type ExportReasonKey = (typeof EXPORT_REASON_KEYS)[number];

export interface ExportReasonPart {
  /** The booking field (or the writer's batch field) the message is about; null for a reason about the whole job. */
  field: string | null;
  /** null: not recognised, show `text` as recorded. */
  key: ExportReasonKey | null;
  params: Record<string, string>;
  text: string;
}

const MESSAGES: Array<[RegExp, ExportReasonKey, string[]]> = [
  [/^is missing$/, 'missing', []],
  [/^is empty$/, 'empty', []],
  [/^(.*) is not a date( \(YYYY-MM-DD\))?$/, 'notADate', ['value']],
  [/^(.*) is outside the period (\S+) to (\S+)$/, 'outsidePeriod', ['value', 'from', 'to']],
  [/^(.*) is not an account number of up to nine digits$/, 'notAnAccount', ['value']],
  [/^(.*) is not a positive amount with two decimals$/, 'notAnAmount', ['value']],
  [/^(.*) is not a tax amount between 0 and the gross amount$/, 'notATaxAmount', ['value']],
  [/^(.*) cannot be exported; the booking batch is in EUR$/, 'notEur', ['value']],
  [/^a batch covers one financial year$/, 'oneYear', []],
  // What an imported document's result records: the format and the export file.
  [/^(DATEV|BMD) export (\S+)$/, 'exported', ['format', 'file']],
];

function messagePart(field: string | null, message: string): ExportReasonPart {
  for (const [pattern, key, names] of MESSAGES) {
    const m = pattern.exec(message);
    if (m) return { field, key, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? ''])), text: message };
  }
  return { field, key: null, params: {}, text: message };
}

/** The parts of one recorded reason. */
export function exportReasonParts(reason: string): ExportReasonPart[] {
  const failed = /^The export failed: (.*)$/s.exec(reason);
  if (failed) return [{ field: null, key: 'exportFailed', params: { message: failed[1]! }, text: reason }];
  return reason
    .split(/; (?=[a-zA-Z_]+: )/)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const m = /^([a-zA-Z_]+): (.*)$/s.exec(part);
      return m ? messagePart(m[1]!, m[2]!) : messagePart(null, part);
    });
}
