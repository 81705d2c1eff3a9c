import { Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Decider, DomainEvent } from '@portal/domain';
import { CommandRuntime, type CommandContext, type CommandOutcome } from '@portal/commands';
import { hopClock, traceHop, tracingHops } from '@portal/event-store';
import { ProjectionTracker } from './projection-tracker';

/** One command for one aggregate stream, carried through @nestjs/cqrs's command bus. */
export class ExecuteDomainCommand<S = unknown, C = unknown, E extends DomainEvent = DomainEvent> {
  constructor(
    readonly decider: Decider<S, C, E>,
    readonly streamId: string,
    readonly command: C,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ExecuteDomainCommand)
export class ExecuteDomainCommandHandler implements ICommandHandler<ExecuteDomainCommand, CommandOutcome> {
  constructor(private readonly runtime: CommandRuntime) {}

  execute(command: ExecuteDomainCommand): Promise<CommandOutcome> {
    return this.runtime.execute(command.decider, command.streamId, command.command, command.context);
  }
}

export const COMMAND_WAIT_MS = Symbol('COMMAND_WAIT_MS');

/** Sends a command and waits (bounded) until the read models include its events. */
@Injectable()
export class CommandSender {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly tracker: ProjectionTracker,
  ) {}

  waitMs = 5000;
  /** Told when a reply went out before the read models included its events (the wait ran its full time). */
  onWaitTimedOut: () => void = () => undefined;

  async send<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string, command: C, context: CommandContext): Promise<CommandOutcome> {
    const began = tracingHops() ? hopClock() : undefined;
    const outcome = await this.commandBus.execute<ExecuteDomainCommand<S, C, E>, CommandOutcome>(new ExecuteDomainCommand(decider, streamId, command, context));
    const position = outcome.position ?? undefined;
    traceHop('command-decided', position, position, began);
    if (outcome.position !== null && !(await this.tracker.waitFor(outcome.position, this.waitMs))) this.onWaitTimedOut();
    traceHop('command-replied', position, position, began);
    return outcome;
  }
}
