import { makeAutoObservable } from 'mobx';
import { SERVICES, type ReportKind, type ReportResult, type VatCountry } from '@portal/contracts';
import { toFeathersError, type FeathersError } from '../../api/errors';
import { firmYearMonth } from '../../i18n/firm-calendar';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';
import { downloadQuery } from './download-query';
import { periodOf, type PeriodChoice } from './periods';

export type ReportsRoot = Pick<RootStore, 'client' | 'session'>;

/** One report of one client: the period, the "as of" moment (null = now), an optional second moment to compare. */
export class ReportsStore {
  client: number | null = null;
  report: ReportKind = 'vat';
  period: PeriodChoice;
  asOf: string | null = null;
  /** As of a global log position instead of a moment (a link's `?asOfPosition=`); null: not used. */
  asOfPosition: number | null = null;
  compareAsOf: string | null = null;
  country: VatCountry | null = null;
  result: ReportResult | null = null;
  loading = false;
  error: FeathersError | null = null;
  private readonly latest = new LatestRequest();
  /** Pushed changes reload one at a time once their burst settles, so a stream of them cannot keep cancelling the answer in flight. */
  private readonly reloader = new Reloader(() => this.load(), 800);

  constructor(
    private readonly root: ReportsRoot,
    year: number = firmYearMonth().year,
  ) {
    this.period = { kind: 'year', year, index: 0, from: '', to: '' };
    makeAutoObservable<ReportsStore, 'root' | 'latest' | 'reloader'>(this, { root: false, latest: false, reloader: false }, { autoBind: true });
  }

  get range(): { from: string; to: string } {
    return periodOf(this.period);
  }

  /** The query of the report and of its downloads. */
  get query(): Record<string, string | number> {
    const q: Record<string, string | number> = { client_no: this.client ?? 0, report: this.report, ...this.range };
    if (this.asOfPosition !== null) q.asOfPosition = this.asOfPosition;
    else if (this.asOf) q.asOf = this.asOf;
    if (this.compareAsOf) q.compareAsOf = this.compareAsOf;
    if (this.country) q.country = this.country;
    return q;
  }

  /** Live reports follow pushed changes of the client's documents and exports; a report as of a past moment does not. */
  activate(): () => void {
    const pushed = (record: { client_no?: number }) => {
      if ((this.asOf !== null || this.asOfPosition !== null) && this.compareAsOf === null) return;
      if (record.client_no === this.client) this.reloader.soon();
    };
    const subscriptions = new Subscriptions(this.root.client, 'ReportsStore');
    for (const path of [SERVICES.documents, SERVICES.erpExports]) subscriptions.on<{ client_no?: number }>(path, { patched: pushed, created: pushed });
    return subscriptions.add(() => this.reloader.stop()).stop;
  }

  open(client: number): Promise<void> {
    this.client = client;
    return this.load();
  }

  /** A moment typed on screen replaces a log position the screen was opened at. */
  set(changes: Partial<Pick<ReportsStore, 'report' | 'period' | 'asOf' | 'asOfPosition' | 'compareAsOf' | 'country'>>): Promise<void> {
    Object.assign(this, 'asOf' in changes && !('asOfPosition' in changes) ? { ...changes, asOfPosition: null } : changes);
    return this.load();
  }

  refresh(): Promise<void> {
    return this.reloader.now();
  }

  async load(): Promise<void> {
    if (this.client === null) return;
    const isNewest = this.latest.next();
    this.loading = true;
    try {
      const result = await this.root.client.service(SERVICES.reports).findResult<ReportResult>(this.query);
      act('ReportsStore.loaded', () => {
        if (!isNewest()) return;
        this.result = result;
        this.error = null;
        this.loading = false;
      });
    } catch (e) {
      act('ReportsStore.failed', () => {
        if (!isNewest()) return;
        this.error = toFeathersError(e);
        this.loading = false;
      });
    }
  }

  /** GET /api/reports/:client/:report.(csv|pdf) of the report on screen (its moments, a log position included) in the screen's language, with the bearer token, saved through a blob. */
  async download(format: 'csv' | 'pdf', lang: string): Promise<void> {
    if (this.client === null) return;
    const params = downloadQuery(this.query, this.result, lang);
    const token = this.root.session.accessToken;
    const response = await fetch(`/api/reports/${this.client}/${this.report}.${format}?${params.toString()}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw toFeathersError(await response.json().catch(() => ({ message: `Download failed: ${response.status}` })));
    const url = URL.createObjectURL(await response.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `${this.report}-${this.client}-${this.range.from}_${this.range.to}.${format}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
