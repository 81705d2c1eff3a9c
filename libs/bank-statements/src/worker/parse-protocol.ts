import type { CsvMapping } from '@portal/contracts';
import type { FilePreview, PreviousBalances } from '../preview';
import type { BankStatement, ParsedEntry, StatementFile } from '../statement';

/** What the parse worker is asked: read the file at `path` whole, or only for the preview. */
export interface ParseRequest {
  path: string;
  mode: 'parse' | 'preview';
  csvMapping: CsvMapping | null;
  currency: string;
  /** For the preview of a CSV the portal does not recognise: lines above its column titles. */
  skipLines: number;
  /** For the preview: where the accounts the file may go to were left. */
  previous?: PreviousBalances | null;
}

/** To the worker: read a file (a new job), or send the next chunk of the job's entries. */
export type WorkerCall = { type: 'read'; job: number; request: ParseRequest } | { type: 'next'; job: number };

/**
 * The worker's answers, each naming its job. A parsed file comes as its statements without entries, then the
 * entries in chunks, each when asked for, so no single message takes the receiving event loop long to copy in.
 */
export type WorkerAnswer =
  | { type: 'file'; file: Omit<StatementFile, 'statements'> & { statements: Array<Omit<BankStatement, 'entries'>> } }
  | { type: 'entries'; statement: number; entries: ParsedEntry[] }
  | { type: 'preview'; preview: FilePreview; table: { columns: string[]; rows: string[][]; delimiter: string | null } }
  | { type: 'done' }
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };

export type ParseReply = WorkerAnswer & { job: number };

/** Entries per message: each is copied into the receiving event loop at once, so a message stays small. */
export const ENTRIES_PER_MESSAGE = 250;
