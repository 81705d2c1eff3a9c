import type { BlobStore } from '@portal/blob-store';
import type { Bus } from '@portal/bus';
import type { CommandRuntime } from '@portal/commands';
import type { VersionInfo } from '@portal/contracts';
import type { EventStore } from '@portal/event-store';
import type { EInvoiceChecker } from '@portal/extraction';
import type { ReadStore } from '@portal/read-store';
import type { Router } from 'express';
import type { Authenticator } from '../auth/authenticator';
import type { PortalConfig } from '../config/portal-config';
import type { FeathersGateway } from '../gateway/feathers-gateway';
import type { ServiceDefinition } from '../gateway/service-definition';
import type { DiskUploads } from '../http/disk-uploads';
import type { EmbeddedIdentity, IdentityConfig, LoginThrottle } from '../identity';
import type { SecurityKeys } from '../identity/security-keys';
import type { MailSender } from '../platform/mail/mail-sender';
import type { PortalMetrics } from '../platform/metrics';
import type { CommandSender } from '../platform/domain-command';
import type { SecretBox } from '../platform/secret-box';
import type { UploadSizes } from './documents/documents.routes';
import type { UserAccounts } from './users/user-accounts';

/**
 * One feature of the api: what `portal.ts` registers, starts and stops. Each folder under `features/`
 * exports one `<folder>.feature.ts` whose `<name>Feature(deps)` builds it from the portal's shared deps.
 */
export interface Feature {
  /** The feature's folder under `features/`. */
  name: string;
  /** Offered over the socket and REST under their paths, registered in this order (pushes follow it). */
  services: ServiceDefinition[];
  /** Its HTTP routes besides the services (uploads, file downloads, confirmation pages). */
  routers?: Router[];
  /**
   * Once the portal is wired (commands can be sent) and before it listens: bus subscriptions and background
   * jobs. The in-process bus delivers only to present subscribers, so a subscription must stand before the first request.
   */
  start?(): Promise<void> | void;
  /** When the portal closes, before its HTTP server: features stop in the reverse of their order, so a feature outlives those built on it. */
  stop?(): Promise<void> | void;
}

/** Where a feature writes its log lines (the portal's logger). */
export interface FeatureLog {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Who signs in: the parts of the identity the account and user-manager features work with. */
export interface FeatureIdentity {
  config: IdentityConfig;
  /** The embedded OpenID provider; null with Keycloak. */
  embedded: EmbeddedIdentity | null;
  /** User accounts whose changes wait until the read models include them. */
  accounts: UserAccounts;
  securityKeys: SecurityKeys;
  loginThrottle: LoginThrottle;
  mail: MailSender;
}

/** What the portal builds once and hands to every feature. */
export interface FeatureDeps {
  config: PortalConfig;
  reads: ReadStore;
  events: EventStore;
  blobs: BlobStore;
  bus: Bus;
  /** Appends without waiting for the read models: for background workers. */
  runtime: CommandRuntime;
  /** Appends and waits until the read models include the events: for services and routes. */
  commands: CommandSender;
  authenticator: Authenticator;
  gateway: FeathersGateway;
  identity: FeatureIdentity;
  metrics: PortalMetrics;
  secrets: SecretBox;
  build: VersionInfo;
  /** The one upload path: authorized before the body is read, files on disk. */
  diskUploads: DiskUploads;
  uploadSizes: UploadSizes;
  /** One thread for the e-invoice checks of the api (routes, services, attachment downloads); the document worker has its own. */
  einvoiceChecker: EInvoiceChecker;
  /** True once the read models stand at the event head of the moment of the call; false after two minutes without. */
  caughtUp(): Promise<boolean>;
  log: FeatureLog;
}
