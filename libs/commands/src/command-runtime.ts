import { randomUUID } from 'node:crypto';
import { Conflict } from '@portal/contracts';
import { domainEventsOf, foldEvents, type Decider, type DomainEvent } from '@portal/domain';
import { LOOP_SLICE_MS, LoopSlice, sealEventsInSlices, WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@portal/event-store';
import { StreamCache, withRecent } from './stream-cache';

export interface CommandContext {
  userId: string;
  clientNo: number | null;
  /** Idempotency key: a command id already in the stream is not applied again. */
  commandId?: string;
  correlationId?: string;
  /** The revision the caller last saw; a different current revision answers Conflict. */
  expectedRevision?: number;
  originCode?: number;
  now?: string;
  /** Today in the firm's calendar, for deciders that check dates against it (see DecisionContext). */
  today?: string;
}

export interface CommandOutcome {
  streamId: string;
  /** Revision of the stream after the command (-1: the stream does not exist). */
  revision: number;
  /** Global position of the command's last event, or null when it recorded nothing. */
  position: number | null;
  events: RecordedEvent[];
  duplicate: boolean;
}

const MAX_ATTEMPTS = 3;

export type CommandOutcomeKind = 'appended' | 'unchanged' | 'duplicate' | 'conflict' | 'refused' | 'error';

/** Told about every command (metrics): its type, how it ended, how long it took, and its last position. */
export type CommandObserver = (command: string, outcome: CommandOutcomeKind, seconds: number, position: number | null) => void;

/**
 * Loads a stream, asks the pure decider, appends with the expected revision. A lost race is
 * retried on the newer state unless the caller named the revision it saw; then it is a Conflict.
 */
export class CommandRuntime {
  constructor(
    private readonly events: EventStore,
    private readonly clock: () => Date = () => new Date(),
    private readonly observe: CommandObserver = () => undefined,
    /** How long a command's steps may hold the event loop before it gives a turn back. */
    private readonly sliceMs = LOOP_SLICE_MS,
  ) {}

  private readonly cache = new StreamCache();
  /** The last command queued per stream: commands on one stream run one after the other in this process. */
  private readonly lanes = new Map<string, Promise<unknown>>();

  /**
   * Commands on different streams run concurrently (their appends share a group commit); on the same
   * stream they queue, so they do not lose revision races against each other.
   */
  execute<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string, command: C, context: CommandContext): Promise<CommandOutcome> {
    const previous = this.lanes.get(streamId);
    const run = previous ? previous.then(() => this.observed(decider, streamId, command, context)) : this.observed(decider, streamId, command, context);
    const tail = run.catch(() => undefined);
    this.lanes.set(streamId, tail);
    void tail.then(() => this.lanes.get(streamId) === tail && this.lanes.delete(streamId));
    return run;
  }

  private async observed<S, C, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: C,
    context: CommandContext,
  ): Promise<CommandOutcome> {
    const started = performance.now();
    const type = (command as { type?: unknown }).type;
    const name = typeof type === 'string' ? type : 'unknown';
    try {
      const outcome = await this.run(decider, streamId, command, context);
      const kind = outcome.duplicate ? 'duplicate' : outcome.events.length === 0 ? 'unchanged' : 'appended';
      this.observe(name, kind, (performance.now() - started) / 1000, outcome.position);
      return outcome;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const kind = code === 409 ? 'conflict' : typeof code === 'number' && code >= 400 && code < 500 ? 'refused' : 'error';
      this.observe(name, kind, (performance.now() - started) / 1000, null);
      throw error;
    }
  }

  private async run<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string, command: C, context: CommandContext): Promise<CommandOutcome> {
    const commandId = context.commandId ?? randomUUID();
    // A large command (an event of hundreds of entries) gives the event loop back between its steps.
    const slice = new LoopSlice(this.sliceMs);
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(decider, streamId, commandId);
      if ('duplicate' in loaded) return loaded.duplicate;
      const { revision, state, lastHash } = loaded;
      if (context.expectedRevision !== undefined && context.expectedRevision !== revision) {
        throw Conflict(`The record was changed in the meantime (revision ${revision}, you sent ${context.expectedRevision}). Reload and try again.`, {
          revision,
        });
      }
      const now = context.now ?? this.clock().toISOString();
      await slice.step();
      const decided = decider.decide(command, state, { now, userId: context.userId, ...(context.today === undefined ? {} : { today: context.today }) });
      if (decided.length === 0) return { streamId, revision, position: null, events: [], duplicate: false };
      await slice.step();
      const metadata = {
        userId: context.userId,
        clientNo: context.clientNo,
        time: now,
        commandId,
        correlationId: context.correlationId ?? commandId,
        ...(context.originCode === undefined ? {} : { originCode: context.originCode }),
      };
      const sealed = await sealEventsInSlices(
        streamId,
        lastHash,
        decided.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata })),
        () => slice.step(),
      );
      await slice.step();
      try {
        const result = await this.events.append(streamId, sealed, revision < 0 ? 'no_stream' : revision);
        // The append's commit ran in a turn of its own; the state's fold of a large command gets another.
        await slice.afterWait();
        const first = result.nextRevision - sealed.length + 1;
        const recorded = sealed.map((e, i) => ({ ...e, streamId, revision: first + i, position: result.position }));
        const next = foldEvents(decider, state, decided);
        this.cache.set(decider, streamId, {
          revision: result.nextRevision,
          state: next,
          lastHash: sealed[sealed.length - 1]!.metadata.hash,
          recent: withRecent(loaded.recent, recorded),
        });
        return { streamId, revision: result.nextRevision, position: result.position, events: recorded, duplicate: false };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (context.expectedRevision !== undefined || attempt >= MAX_ATTEMPTS) {
          throw Conflict('The record was changed at the same time by someone else. Reload and try again.', { streamId });
        }
      }
    }
  }

  /**
   * The stream's state, or the outcome of the command when its id was applied already. With a cached state and a
   * store that finds events by command id (SQLite's index, EventStoreDB's `$bc-` stream), only the events appended
   * since are read, and a command sent again is found among them, among the stream's recent commands, or by the
   * index; otherwise (a stream this process has not seen, or a store without an index) the whole stream, once.
   * The revision is the last event's, never a count: a stream whose oldest events were truncated keeps its numbering.
   */
  private async load<S, C, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    commandId: string,
  ): Promise<{ revision: number; state: S; lastHash: string | null; recent: ReadonlyMap<string, number> } | { duplicate: CommandOutcome }> {
    const cached = this.events.readByCommandId ? this.cache.get(decider, streamId) : undefined;
    if (cached && this.events.readByCommandId) {
      const newer = await this.events.readStream(streamId, cached.revision + 1);
      const revision = newer[newer.length - 1]?.revision ?? cached.revision;
      const recent = withRecent(cached.recent, newer);
      let applied = newer.filter((e) => e.metadata.commandId === commandId);
      if (applied.length === 0) {
        const since = cached.recent.get(commandId);
        applied =
          since !== undefined
            ? (await this.events.readStream(streamId, since)).filter((e) => e.metadata.commandId === commandId)
            : (await this.events.readByCommandId(commandId)).filter((e) => e.streamId === streamId);
      }
      if (applied.length > 0) return { duplicate: { streamId, revision, position: applied[applied.length - 1]!.position, events: applied, duplicate: true } };
      const state = foldEvents(decider, cached.state as S, domainEventsOf<E>(newer));
      return { revision, state, lastHash: newer[newer.length - 1]?.metadata.hash ?? cached.lastHash, recent };
    }
    const history = await this.events.readStream(streamId);
    const applied = history.filter((e) => e.metadata.commandId === commandId);
    const revision = history[history.length - 1]?.revision ?? -1;
    if (applied.length > 0) return { duplicate: { streamId, revision, position: applied[applied.length - 1]!.position, events: applied, duplicate: true } };
    const state = foldEvents(decider, decider.initialState, domainEventsOf<E>(history));
    const lastHash = history[history.length - 1]?.metadata.hash ?? null;
    const recent = withRecent(new Map(), history.slice(-4 * 64));
    if (revision >= 0) this.cache.set(decider, streamId, { revision, state, lastHash, recent });
    return { revision, state, lastHash, recent };
  }
}
