import { BadRequest, type ReportResult } from '@portal/contracts';
import { computeReport, diffLines, exportFactFor, type ClientLedger, type ExportFact } from '@portal/domain';
import type { EventStore } from '@portal/event-store';
import { ledgerAsOf, liveLedger, type AsOf } from '@portal/projections';
import { USERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { firmTimeZone } from '../../config/firm-time-zone';
import { countryOfClient } from '../open-items/client-country';
import type { ReportRequest } from './report-query';

/** The ledger as a reader without dpv reports it: no payroll document, nor its part of an export job. */
function withoutPayroll(ledger: ClientLedger): ClientLedger {
  const payroll = (id: number) => ledger.documents.get(id)?.payroll === true;
  const exports = [...ledger.exports]
    .map(([id, fact]) => [id, exportFactFor(fact, payroll)] as const)
    .filter((e): e is readonly [string, ExportFact] => e[1] !== null);
  return { ...ledger, documents: new Map([...ledger.documents].filter(([, d]) => d.payroll !== true)), exports: new Map(exports) };
}

/** Runs a report: live from the read model, or as of a moment from a snapshot plus the tail of the log. */
export class ReportEngine {
  constructor(
    private readonly events: EventStore,
    private readonly reads: ReadStore,
  ) {}

  private async ledger(clientNo: number, asOf: AsOf | null): Promise<ClientLedger> {
    if (asOf === null) return liveLedger(this.reads, clientNo);
    if ('position' in asOf) {
      const head = (await this.events.headPosition()) ?? 0;
      if (asOf.position > head) throw BadRequest(`The as-of position ${asOf.position} is beyond the end of the log (${head}).`);
    }
    return ledgerAsOf(this.events, this.reads, clientNo, asOf);
  }

  /** The firm's time zone in force now: a report request is read in its calendar. */
  timeZone(): Promise<string> {
    return firmTimeZone(this.reads);
  }

  /** When the log reached `position`: the recorded time of its event (null where the log has a gap there). */
  private async timeAt(position: number): Promise<string | null> {
    const [event] = await this.events.readAll(position - 1, 1);
    return event?.position === position ? event.metadata.time : null;
  }

  private async names(ledger: ClientLedger): Promise<(id: string) => string> {
    const ids = new Set<string>();
    for (const d of ledger.documents.values()) for (const id of [d.confirmed_by, d.booked_by]) if (id) ids.add(id);
    for (const e of ledger.exports.values()) ids.add(e.requested_by);
    const names = new Map<string, string>();
    for (const id of ids) {
      const user = await this.reads.get(USERS, id);
      const name = user ? [user.firstName, user.lastName].filter((p) => typeof p === 'string' && p).join(' ') : '';
      names.set(id, name || (typeof user?.username === 'string' ? user.username : id === 'system' ? 'System' : id));
    }
    return (id) => names.get(id) ?? id;
  }

  /** `withPayroll`: whether the reader may see payroll documents (dpv); without it they are left out of every figure and line. */
  async run(request: ReportRequest, { withPayroll }: { withPayroll: boolean }): Promise<ReportResult> {
    const country = request.country ?? (await countryOfClient(this.reads, request.clientNo));
    const at = async (asOf: AsOf | null) => {
      const all = await this.ledger(request.clientNo, asOf);
      const ledger = withPayroll ? all : withoutPayroll(all);
      const { body, lines } = computeReport(request.report, ledger, {
        period: request.period,
        country,
        timeZone: request.timeZone,
        nameOf: await this.names(ledger),
      });
      const asOfPosition = asOf && 'position' in asOf ? asOf.position : null;
      const asOfPositionTime = asOfPosition === null ? null : await this.timeAt(asOfPosition);
      return { asOf: asOf && 'time' in asOf ? asOf.time : null, asOfPosition, asOfPositionTime, position: ledger.position, body, lines };
    };
    const main = await at(request.asOf);
    const result: ReportResult = { client_no: request.clientNo, report: request.report, from: request.period.from, to: request.period.to, ...main };
    if (request.compareAsOf !== null) {
      const other = await at(request.compareAsOf);
      result.compare = { ...other, changes: diffLines(other.lines, main.lines) };
    }
    return result;
  }
}
