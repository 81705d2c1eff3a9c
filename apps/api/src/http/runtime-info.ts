import type { BootstrapConfig } from '@portal/contracts';

export const PORTAL_RUNTIME = Symbol('PORTAL_RUNTIME');

export interface PortalRuntimeInfo {
  version: string;
  adapters: { events: string; reads: string; bus: string; identity: string };
  bootstrap: BootstrapConfig;
  position(): number;
  connections(): number;
}
