export { openPorts, portsConfigFromEnv } from './ports';
export type { Ports, PortsConfig } from './ports';
export { secureDataDir } from './data-dir';
