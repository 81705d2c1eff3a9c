import { Controller, Get, Inject } from '@nestjs/common';
import type { BootstrapConfig } from '@portal/contracts';
import { PORTAL_RUNTIME, type PortalRuntimeInfo } from './runtime-info';

@Controller()
export class HealthController {
  constructor(@Inject(PORTAL_RUNTIME) private readonly runtime: PortalRuntimeInfo) {}

  /** Liveness only: 200 once the portal serves. Details (version, adapters, position) need a login: /api/health/details. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** What the login client needs before it can log in (no authentication). */
  @Get('api/bootstrap')
  bootstrap(): BootstrapConfig {
    return this.runtime.bootstrap;
  }
}
