import { momentDays, type ReportBody, type ReportKind, type ReportLine, type ReportLineChange, type VatCountry } from '@portal/contracts';
import { exportsLines, exportsReport } from './exports-report.rules';
import type { ClientLedger } from './ledger.rules';
import { partiesLines, partiesReport } from './parties-report.rules';
import type { Period } from './period.rules';
import { processingLines, processingReport } from './processing-report.rules';
import { vatLines, vatReport } from './vat-report.rules';

export interface ReportParams {
  period: Period;
  country: VatCountry;
  /** The firm's time zone (IANA): recorded moments count for the day and month of its calendar. */
  timeZone: string;
  nameOf?: (userId: string) => string;
}

/** One report of a ledger: the same function for live read models and as-of replays. */
export function computeReport(kind: ReportKind, ledger: ClientLedger, params: ReportParams): { body: ReportBody; lines: ReportLine[] } {
  const dayOf = momentDays(params.timeZone);
  switch (kind) {
    case 'vat': {
      const body = vatReport(ledger, params.period, params.country, dayOf);
      return { body, lines: vatLines(body) };
    }
    case 'parties': {
      const body = partiesReport(ledger, params.period, dayOf);
      return { body, lines: partiesLines(body) };
    }
    case 'processing': {
      const body = processingReport(ledger, params.period, params.nameOf, dayOf);
      return { body, lines: processingLines(body) };
    }
    case 'exports': {
      const body = exportsReport(ledger, params.period, params.nameOf, dayOf);
      return { body, lines: exportsLines(body) };
    }
  }
}

const describe = ({ key, section, term, arg, unit }: ReportLine) => ({ key, section, term, ...(arg !== undefined ? { arg } : {}), unit });

/** The lines that differ between two moments (added, removed or changed by more than half a cent). */
export function diffLines(before: ReportLine[], after: ReportLine[]): ReportLineChange[] {
  const old = new Map(before.map((l) => [l.key, l]));
  const changes: ReportLineChange[] = [];
  for (const line of after) {
    const was = old.get(line.key);
    old.delete(line.key);
    if (!was || Math.abs(was.value - line.value) >= 0.005) changes.push({ ...describe(line), before: was?.value ?? null, after: line.value });
  }
  for (const was of old.values()) changes.push({ ...describe(was), before: was.value, after: null });
  return changes;
}
