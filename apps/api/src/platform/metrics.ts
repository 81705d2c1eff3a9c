import type { DocumentProgress } from '@portal/contracts';
import type { CommandOutcomeKind } from '@portal/commands';
import { ocrEngineInUse } from '@portal/extraction';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const MAX_TRACKED = 100_000;

export interface MetricsSources {
  /** Position of the newest event in the log. */
  headPosition(): Promise<number | null>;
  /** Position the read models have reached (the api's projection tracker). */
  projectedPosition(): number;
  connections(): number;
}

/**
 * The portal's Prometheus metrics (`GET /metrics`): commands, appends and commits, projector lag in
 * events and seconds, socket connections, the extraction queue and its timings, HTTP latencies, and
 * Node's process metrics. One registry per portal instance (tests start several in one process).
 */
export class PortalMetrics {
  readonly registry = new Registry();
  private readonly commands: Counter<'command' | 'outcome'>;
  private readonly commandSeconds: Histogram<'command'>;
  private readonly eventsAppended: Counter;
  private readonly commitSize: Histogram;
  private readonly projectorLagSeconds: Histogram;
  private readonly commandWaitTimeouts: Counter;
  private readonly extractionQueueSeconds: Histogram;
  private readonly extractionSeconds: Histogram<'outcome'>;
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly intakeRefusals: Counter<'entry' | 'reason'>;
  /** Positions appended by this process and not yet projected, with the time of the append. */
  private readonly unprojected = new Map<number, number>();
  /** The newest position the read models were reported to include. */
  private projectedThrough = -1;
  private readonly uploadedAt = new Map<number, number>();
  private readonly startedAt = new Map<number, number>();

  constructor(
    sources: MetricsSources,
    private readonly now: () => number = () => performance.now(),
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'portal_' });
    this.commands = new Counter({
      name: 'portal_commands_total',
      help: 'Commands handled, by command type and outcome (appended, unchanged, duplicate, conflict, error)',
      labelNames: ['command', 'outcome'],
      registers,
    });
    this.commandSeconds = new Histogram({
      name: 'portal_command_duration_seconds',
      help: 'Command execution time up to the durable append',
      labelNames: ['command'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.eventsAppended = new Counter({ name: 'portal_events_appended_total', help: 'Events appended to the event log by this process', registers });
    this.commitSize = new Histogram({
      name: 'portal_event_store_commit_appends',
      help: 'Appends per durable commit (group commit)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers,
    });
    this.projectorLagSeconds = new Histogram({
      name: 'portal_projector_lag_seconds',
      help: 'Time from an append by this process until the read models include it',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers,
    });
    this.commandWaitTimeouts = new Counter({
      name: 'portal_command_wait_timeouts_total',
      help: 'Command replies sent after waiting PORTAL_COMMAND_WAIT_MS without the read models including their events (no projector, or one far behind)',
      registers,
    });
    new Gauge({
      name: 'portal_projector_lag_events',
      help: 'Events in the log the read models do not include yet',
      registers,
      async collect() {
        const head = (await sources.headPosition()) ?? 0;
        this.set(Math.max(0, head - Math.max(0, sources.projectedPosition())));
      },
    });
    new Gauge({
      name: 'portal_projected_position',
      help: 'Log position the read models include',
      registers,
      collect() {
        this.set(sources.projectedPosition());
      },
    });
    new Gauge({
      name: 'portal_socket_connections',
      help: 'Open socket.io connections of the gateway',
      registers,
      collect() {
        this.set(sources.connections());
      },
    });
    const { uploadedAt, startedAt } = this;
    new Gauge({
      name: 'portal_extraction_queue',
      help: 'Uploaded documents whose extraction has not started',
      registers,
      collect() {
        this.set(uploadedAt.size);
      },
    });
    new Gauge({
      name: 'portal_extraction_running',
      help: 'Documents being extracted',
      registers,
      collect() {
        this.set(startedAt.size);
      },
    });
    new Gauge({
      name: 'portal_ocr_engine_info',
      help: 'The OCR engine in use (1): engine tesseract (native) or tesseract.js, its version',
      labelNames: ['engine', 'version'],
      registers,
      async collect() {
        const choice = await ocrEngineInUse();
        this.reset();
        this.set({ engine: choice.engine, version: choice.version }, 1);
      },
    });
    this.extractionQueueSeconds = new Histogram({
      name: 'portal_extraction_queue_seconds',
      help: 'Wait from upload until extraction starts',
      buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    });
    this.extractionSeconds = new Histogram({
      name: 'portal_extraction_duration_seconds',
      help: 'Extraction time per document (text layer, OCR, fields)',
      labelNames: ['outcome'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
      registers,
    });
    this.intakeRefusals = new Counter({
      name: 'portal_intake_refusals_total',
      help: 'Refused attempts at entry points without login (scanner HTTP, e-mail, folder, login, e-mail links), by entry and reason (wrong-secret, throttled, ...)',
      labelNames: ['entry', 'reason'],
      registers,
    });
    this.http = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    });
  }

  command(command: string, outcome: CommandOutcomeKind, seconds: number, position: number | null): void {
    this.commands.inc({ command, outcome });
    this.commandSeconds.observe({ command }, seconds);
    if (outcome !== 'appended' || position === null) return;
    // The projector's report can overtake the append's own completion on this loop: the read models then
    // included the events before the command could note them, which is no lag to wait for.
    if (position <= this.projectedThrough) {
      this.projectorLagSeconds.observe(0);
      return;
    }
    // Bounded: without a projector to follow, the oldest entries are forgotten.
    if (this.unprojected.size >= MAX_TRACKED) this.unprojected.delete(this.unprojected.keys().next().value!);
    this.unprojected.set(position, this.now());
  }

  commandWaitTimedOut(): void {
    this.commandWaitTimeouts.inc();
  }

  committed(appends: number, events: number): void {
    this.commitSize.observe(appends);
    this.eventsAppended.inc(events);
  }

  projected(position: number): void {
    const at = this.now();
    this.projectedThrough = Math.max(this.projectedThrough, position);
    for (const [appended, time] of this.unprojected) {
      if (appended > position) continue;
      this.projectorLagSeconds.observe((at - time) / 1000);
      this.unprojected.delete(appended);
    }
  }

  extraction(progress: DocumentProgress): void {
    const id = progress.documentId;
    const at = this.now();
    if (progress.stage === 'uploaded') {
      // The line's place is announced again as it moves: the wait counts from the first announcement.
      if (this.uploadedAt.has(id)) return;
      if (this.uploadedAt.size >= MAX_TRACKED) this.uploadedAt.delete(this.uploadedAt.keys().next().value!);
      this.uploadedAt.set(id, at);
      return;
    }
    const uploaded = this.uploadedAt.get(id);
    if (uploaded !== undefined) {
      this.uploadedAt.delete(id);
      this.extractionQueueSeconds.observe((at - uploaded) / 1000);
    }
    if (!this.startedAt.has(id)) {
      if (this.startedAt.size >= MAX_TRACKED) this.startedAt.delete(this.startedAt.keys().next().value!);
      this.startedAt.set(id, at);
    }
    if (progress.stage === 'done' || progress.stage === 'failed') {
      this.extractionSeconds.observe({ outcome: progress.stage }, (at - this.startedAt.get(id)!) / 1000);
      this.startedAt.delete(id);
    }
  }

  intakeRefused(entry: string, reason: string): void {
    this.intakeRefusals.inc({ entry, reason });
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status: String(status) }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
