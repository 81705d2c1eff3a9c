import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { FeathersGateway } from './gateway/feathers-gateway';
import { FeathersSocketGateway } from './gateway/feathers-socket.gateway';
import { HealthController } from './http/health.controller';
import { PORTAL_RUNTIME, type PortalRuntimeInfo } from './http/runtime-info';
import { CommandRuntime } from '@portal/commands';
import { CommandSender, ExecuteDomainCommandHandler } from './platform/domain-command';
import { ProjectionTracker } from './platform/projection-tracker';

export interface AppModuleDependencies {
  runtime: CommandRuntime;
  tracker: ProjectionTracker;
  info: PortalRuntimeInfo;
  /** The Feathers protocol the socket gateway speaks. */
  gateway: FeathersGateway;
}

/** The api's Nest module: the command bus with its handler, the sender features use, the HTTP endpoints and the socket gateway. */
@Module({})
export class AppModule {
  static register(deps: AppModuleDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [HealthController],
      providers: [
        { provide: CommandRuntime, useValue: deps.runtime },
        { provide: ProjectionTracker, useValue: deps.tracker },
        { provide: PORTAL_RUNTIME, useValue: deps.info },
        { provide: FeathersGateway, useValue: deps.gateway },
        FeathersSocketGateway,
        ExecuteDomainCommandHandler,
        CommandSender,
      ],
    };
  }
}
