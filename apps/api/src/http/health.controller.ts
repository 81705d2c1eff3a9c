import { Controller, Get, Inject } from '@nestjs/common';
import type { BootstrapConfig } from '@portal/contracts';
import { PORTAL_RUNTIME, type PortalRuntimeInfo } from './runtime-info';

@Controller()
export class HealthController {
  constructor(@Inject(PORTAL_RUNTIME) private readonly runtime: PortalRuntimeInfo) {}

  /** 200 once the portal serves; with the adapters in use and how far the read models are. */
  @Get('health')
  health() {
    return { status: 'ok', version: this.runtime.version, adapters: this.runtime.adapters, position: this.runtime.position(), connections: this.runtime.connections() };
  }

  /** What the login client needs before it can log in (no authentication). */
  @Get('api/bootstrap')
  bootstrap(): BootstrapConfig {
    return this.runtime.bootstrap;
  }
}
