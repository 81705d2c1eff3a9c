import type { FieldTallies, ReaderReport } from '@portal/ocr-worker';

/** The page reader's figures before a change, counted by the same bench item: the "before" it prints. */
export const READER_BEFORE: {
  commit: string;
  groups: Partial<Record<ReaderReport['group'], FieldTallies & { byLanguage: ReaderReport['byLanguage'] }>>;
} = { commit: 'none recorded', groups: {} };
