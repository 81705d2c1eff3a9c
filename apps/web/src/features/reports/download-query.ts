import type { ReportResult } from '@portal/contracts';

/**
 * The query string of a report download, so the file holds what the screen shows: the screen's query with
 * the moments of the result on screen, a moment as a log position where the screen shows one (the download
 * refuses a date-time beside a position); `lang` is the file's language.
 */
export function downloadQuery(query: Record<string, string | number>, shown: ReportResult | null, lang: string): URLSearchParams {
  const { client_no: _client, report: _report, asOf, asOfPosition, compareAsOf, compareAsOfPosition, ...rest } = query;
  const moments: Record<string, string | number | undefined> = shown
    ? {
        ...(shown.asOfPosition !== null ? { asOfPosition: shown.asOfPosition } : shown.asOf !== null ? { asOf: shown.asOf } : {}),
        ...(shown.compare
          ? shown.compare.asOfPosition !== null
            ? { compareAsOfPosition: shown.compare.asOfPosition }
            : shown.compare.asOf !== null
              ? { compareAsOf: shown.compare.asOf }
              : {}
          : {}),
      }
    : { asOf, asOfPosition, compareAsOf, compareAsOfPosition };
  const entries = Object.entries({ ...rest, ...moments }).filter((e): e is [string, string | number] => e[1] !== undefined);
  return new URLSearchParams([...entries.map(([k, v]): [string, string] => [k, String(v)]), ['lang', lang]]);
}
