import { hostname } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { portalDecider, PORTAL_STREAM_ID } from '@portal/domain';
import { ALL_PROJECTIONS, LiveProjector } from '@portal/projections';
import { COMPANIES, USER_PREFERENCES, USERS } from '@portal/read-models';
import { openPorts } from '@portal/ports';
import { CommandRuntime } from '@portal/commands';
import { AppModule } from './app.module';
import { accountFeature } from './features/account/account.feature';
import { accountingFeature } from './features/accounting/accounting.feature';
import { addressesFeature } from './features/addresses/addresses.feature';
import { auditFeature } from './features/audit/audit.feature';
import { bankingFeature } from './features/banking/banking.feature';
import { catalogFeature } from './features/catalog/catalog.feature';
import { companiesFeature } from './features/companies/companies.feature';
import { documentsFeature } from './features/documents/documents.feature';
import { editorFeature } from './features/editor/editor.feature';
import { einvoicesFeature } from './features/einvoices/einvoices.feature';
import { exportsFeature } from './features/exports/exports.feature';
import type { Feature, FeatureDeps } from './features/feature';
import { fonFeature } from './features/fon/fon.feature';
import { userAdminFeature } from './features/user-admin/user-admin.feature';
import { openItemsFeature } from './features/open-items/open-items.feature';
import { overviewFeature } from './features/overview/overview.feature';
import { paymentsFeature } from './features/payments/payments.feature';
import { portalFeature } from './features/portal/portal.feature';
import { reportsFeature } from './features/reports/reports.feature';
import { responsibilityFeature } from './features/responsibility/responsibility.feature';
import { rpaErrorsFeature } from './features/rpa-errors/rpa-errors.feature';
import { scannersFeature } from './features/scanners/scanners.feature';
import { svToolFeature } from './features/sv-tool/sv-tool.feature';
import { usersFeature } from './features/users/users.feature';
import { Authenticator } from './auth/authenticator';
import { CompanyNumbers } from './auth/company-numbers';
import { LegacyCredentialImport } from './auth/legacy-credentials';
import { ReadStoreUserDirectory } from './auth/read-store-user-directory';
import { UserAccounts } from './features/users/user-accounts';
import { SqliteCredentialStore } from './identity/sqlite-credential-store';
import { SLOGANS, type PortalConfig } from './config/portal-config';
import { SecurityKeys } from './identity/security-keys';
import { createMailSender } from './platform/mail/mail-sender';
import { EInvoiceChecker } from '@portal/extraction';
import { FeathersGateway } from './gateway/feathers-gateway';
import { PortalIoAdapter } from './gateway/portal-io-adapter';
import { ServiceRegistry } from './gateway/service-registry';
import { restRouter } from './gateway/rest-routes';
import { healthDetailsRouter } from './http/health-details.routes';
import { DiskUploads } from './http/disk-uploads';
import { securityHeaders } from './http/security-headers';
import { portalOrigins } from './identity/portal-origins';
import { LoginThrottle } from './identity/login-throttle';
import { loadSecretBox } from './platform/secret-box';
import { serveWeb } from './http/web-static';
import { cachingTokenVerifier, createEmbeddedIdentity, createTokenVerifier, resolveIdentityConfig, type EmbeddedIdentity } from './identity';
import { readBuildInfo } from './platform/build-info';
import { createPinoLogger, httpLogger, nestLogger, requestLogContext } from './platform/logging';
import { PortalMetrics } from './platform/metrics';
import { httpMetrics, metricsEndpoint } from './http/metrics-routes';
import { CommandSender } from './platform/domain-command';
import { ProjectionTracker } from './platform/projection-tracker';
import { ProjectorWatch } from './platform/projector-watch';
import { checkTopology } from './config/topology-check';
import { seedDemoDocuments } from './seed/demo-documents';
import { seedDemoData } from './seed/demo-seed';

export interface RunningPortal {
  url: string;
  close(): Promise<void>;
}

/** The composition root: adapters, projector, command runtime, identity, gateway and HTTP on one port. */
export async function startPortal(config: PortalConfig): Promise<RunningPortal> {
  const pino = createPinoLogger();
  const nestPino = nestLogger(pino);
  Logger.overrideLogger(nestPino);
  const logger = new Logger('Portal');
  // The sources are bound below, once the adapters, tracker and gateway exist.
  const metrics = new PortalMetrics({
    headPosition: () => ports.events.headPosition(),
    projectedPosition: () => tracker.current,
    connections: () => gateway.connectionCount,
  });
  const ports = await openPorts(config, { onCommit: (appends, events) => metrics.committed(appends, events) });
  await ports.reads.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
  for (const note of checkTopology(config, ports.describe, Boolean(ports.reads.feed))) logger.log(note);
  // Pushes and read-your-writes follow the read store's change feed, whichever process projects.
  const tracker = new ProjectionTracker(ports.reads.feed, {
    reader: `api-${config.instanceId}`,
    onError: (e) => logger.error(`change feed: ${String(e)}`),
    onGap: (missed, resumed) =>
      logger.warn(`change feed: batches after ${String(missed)} were pruned before this api read them; going on from ${String(resumed)}`),
  });
  await tracker.start();
  // An api that does not project depends on a projector elsewhere on the same read store: say when there is none.
  const projectorWatch = config.roles.projector
    ? null
    : new ProjectorWatch({ leases: ports.reads.leases, readStore: ports.describe.reads, warn: (m) => logger.warn(m), log: (m) => logger.log(m) });
  projectorWatch?.start();
  const readText = async (sha256: string) => (await ports.blobs.get(sha256))?.toString('utf8') ?? null;
  const projector = config.roles.projector
    ? new LiveProjector(ports.events, ports.reads, ALL_PROJECTIONS, {
        readText,
        log: (m) => logger.log(m),
        onError: (e) => logger.error(`projector: ${String(e)}`),
        ...(config.leaseTtlMs ? { leaseTtlMs: config.leaseTtlMs } : {}),
        ...(ports.describe.bus === 'Kafka' ? { relayTo: ports.bus } : {}),
      })
    : null;
  // Not awaited: with another projector holding the lease this one waits, and the api serves meanwhile.
  void projector?.start();

  const runtime = new CommandRuntime(ports.events, undefined, (command, outcome, seconds, position) => metrics.command(command, outcome, seconds, position));
  const build = readBuildInfo();
  const identityConfig = resolveIdentityConfig(process.env, config.publicUrl);
  const users = new ReadStoreUserDirectory(ports.reads);
  const credentialStore = new SqliteCredentialStore(join(config.dataDir, 'credentials.sqlite'));
  const credentials = new LegacyCredentialImport(credentialStore, ports.events);
  const accounts = new UserAccounts(
    (decider, stream, command, context) => runtime.execute(decider, stream, command, context),
    credentials,
    ports.events,
    credentialStore,
  );
  const securityKeys = new SecurityKeys(credentialStore, {
    rpId: new URL(config.publicUrl).hostname,
    rpName: config.brand.short,
    origins: portalOrigins(config.publicUrl),
  });
  const mail = createMailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: join(config.dataDir, 'outbox'), log: (m) => logger.log(m) });

  const secrets = loadSecretBox(config.dataDir);
  const freshDemo =
    config.roles.api &&
    config.seedDemoData &&
    (await seedDemoData(ports.events, runtime, ports.blobs, accounts, { documents: config.seedDocumentsPerCompany > 0, seal: (plain) => secrets.seal(plain) }));
  if (freshDemo) logger.log('Seeded demo companies and users (demo mode: password = user name)');
  if (config.roles.api && identityConfig.kind === 'embedded' && (await credentials.countPasswords()) === 0) {
    logger.warn('No user exists yet. Create the first administrator with: npm run user -- add <username> --email <e-mail> --permissions adm,kca --clients all');
  }
  if (config.roles.api) {
    await runtime.execute(
      portalDecider,
      PORTAL_STREAM_ID,
      {
        type: 'ConfigurePortal',
        settings: {
          brandShort: config.brand.short,
          brandName: config.brand.name,
          brandPrimary: config.brand.primary,
          slogan: SLOGANS,
          docUrl: config.brand.docUrl,
          provider: config.brand.provider,
          defaultAccountSystem: 'DATEV',
          maxUploadBytes: config.maxUploadBytes,
          timeZone: config.timeZone,
          scanMail: config.scanIntake.smtpPort !== null,
        },
      },
      { userId: 'system', clientNo: null },
    );
  }

  const info = {
    version: `${build.major}.${build.minor}.${build.patch}+${build.distance}`,
    adapters: { ...ports.describe, identity: identityConfig.kind },
    bootstrap: {
      oidc: {
        issuer: identityConfig.issuer,
        clientId: identityConfig.clientId,
        kind: identityConfig.kind,
        realm: identityConfig.realm,
        url: identityConfig.url,
      },
      brandShort: config.brand.short,
      demo: config.demoMode,
    },
    position: () => tracker.current,
    connections: () => gateway.connectionCount,
  };
  const loginThrottle = new LoginThrottle();
  let identity: EmbeddedIdentity | null = null;
  if (identityConfig.kind === 'embedded') {
    identity = await createEmbeddedIdentity({
      issuer: identityConfig.issuer,
      mountPath: identityConfig.mountPath ?? '/oidc',
      clientId: identityConfig.clientId,
      audience: identityConfig.audience,
      portalOrigin: config.publicUrl,
      users,
      credentials,
      securityKeys,
      accounts,
      demoMode: config.demoMode,
      trustProxy: config.trustProxy !== false,
      log: (message) => logger.warn(message),
      keysFile: join(config.dataDir, 'oidc-keys.json'),
      stateFile: join(config.dataDir, 'oidc.sqlite'),
      rateLimits: config.rateLimits,
      throttle: loginThrottle,
      refused: (reason) => metrics.intakeRefused('login', reason),
      brandShort: config.brand.short,
      slogans: SLOGANS,
    });
  }
  // A socket sign-in and a REST request with a token verified in the last minute skip the signature check (~0.4 ms).
  const verify = cachingTokenVerifier(
    createTokenVerifier({
      issuer: identityConfig.issuer,
      audience: identityConfig.audience,
      jwksUri: identityConfig.jwksUri,
      ...(identity ? { jwks: identity.jwks } : {}),
    }),
  );
  const companyNumbers = new CompanyNumbers(async () =>
    (await ports.reads.find(COMPANIES, { where: {}, sort: [['company_no', 1]], skip: 0, limit: 100_000, select: ['company_no'] })).data.map(
      (c) => c.company_no as number,
    ),
  );
  const chosenLocale = async (subject: string) => {
    const locale = (await ports.reads.get(USER_PREFERENCES, subject))?.locale;
    return locale === 'de' || locale === 'en' ? locale : null;
  };
  const authenticator = new Authenticator(
    verify,
    users,
    () => companyNumbers.get(),
    identityConfig.kind === 'keycloak',
    identity?.devices ?? null,
    chosenLocale,
  );
  const services = new ServiceRegistry();
  const gateway = new FeathersGateway(authenticator, services, {
    log: (message, error) => logger.error(`${message}: ${error instanceof Error ? error.stack : String(error)}`),
    allowedOrigins: portalOrigins(config.publicUrl),
    unauthenticatedTimeoutMs: config.unauthenticatedSocketMs,
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ runtime, tracker, info, gateway }), {
    logger: nestPino,
    bodyParser: false,
  });
  app.get(CommandSender).waitMs = config.commandWaitMs;
  app.get(CommandSender).onWaitTimedOut = () => metrics.commandWaitTimedOut();
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  express.set('trust proxy', config.trustProxy);
  express.use(
    securityHeaders({
      publicUrl: config.publicUrl,
      identityOrigin: identityConfig.kind === 'keycloak' ? new URL(identityConfig.issuer).origin : null,
      providerPath: identityConfig.kind === 'embedded' ? (identityConfig.mountPath ?? '/oidc') : null,
    }),
  );
  express.use(httpLogger(pino), requestLogContext, httpMetrics(metrics), metricsEndpoint(metrics, { token: config.metricsToken, open: !config.production }));

  if (identity) express.use(identityConfig.mountPath ?? '/oidc', identity.router);
  app.useWebSocketAdapter(new PortalIoAdapter(app, gateway.serverOptions()));
  const sender = app.get(CommandSender);
  const gatewayAccounts = new UserAccounts(
    (decider, stream, command, context) => sender.send(decider, stream, command, context),
    credentials,
    ports.events,
    credentialStore,
  );
  const deps: FeatureDeps = {
    config,
    reads: ports.reads,
    events: ports.events,
    blobs: ports.blobs,
    bus: ports.bus,
    runtime,
    commands: sender,
    authenticator,
    gateway,
    identity: { config: identityConfig, embedded: identity, accounts: gatewayAccounts, securityKeys, loginThrottle, mail },
    metrics,
    secrets,
    build,
    diskUploads: new DiskUploads(join(config.dataDir, 'incoming'), hostname(), (e) =>
      logger.error(`upload failed: ${e instanceof Error ? e.stack : String(e)}`),
    ),
    uploadSizes: { maxBytes: config.maxUploadBytes, maxRequestBytes: config.maxRequestBytes },
    einvoiceChecker: new EInvoiceChecker(),
    caughtUp: async () => {
      const head = await ports.events.headPosition();
      return head === null || tracker.waitFor(head, 120_000);
    },
    log: logger,
  };
  // Built ahead: their parts are handed to other features (and the demo seed); fon's import service to rpa-errors, listed before it.
  const documents = documentsFeature(deps);
  const editor = editorFeature(deps);
  const erpExport = exportsFeature(deps);
  const fon = fonFeature(deps);
  /** Registered in this order; started in this order, stopped in the reverse. */
  const features: Feature[] = [
    portalFeature(deps),
    companiesFeature(deps),
    accountingFeature(deps),
    catalogFeature(deps),
    usersFeature(deps),
    accountFeature(deps),
    documents,
    auditFeature(deps),
    paymentsFeature(deps),
    einvoicesFeature(deps),
    erpExport,
    openItemsFeature(deps),
    reportsFeature(deps),
    responsibilityFeature(deps),
    overviewFeature(deps),
    svToolFeature(deps),
    await userAdminFeature(deps),
    editor,
    scannersFeature(deps, { inbox: editor.inbox, uploads: documents.uploads }),
    addressesFeature(deps),
    rpaErrorsFeature(deps, { erpExports: erpExport.erpExports, fonImports: fon.imports }),
    bankingFeature(deps),
    fon,
  ];
  for (const feature of features) services.register(...feature.services);
  express.use(restRouter(services, authenticator, (e) => logger.error(`REST call failed: ${e instanceof Error ? e.stack : String(e)}`)));
  for (const router of features.flatMap((f) => f.routers ?? [])) express.use(router);
  express.use(healthDetailsRouter(authenticator, info));
  tracker.onBatch((batch) => {
    metrics.projected(batch.position);
    if (batch.changes.some((c) => c.collection === COMPANIES && c.event === 'created')) companyNumbers.invalidate();
    gateway.publish(batch);
    for (const change of batch.changes) if (change.collection === USERS && change.doc?.enabled === false) gateway.signOutUser(String(change.id));
  });
  if (!serveWeb(express, config.webDist, config.publicUrl, info.bootstrap)) logger.warn(`No web build at ${config.webDist}; run npm run build:web`);

  await app.init();
  const httpServer = app.getHttpServer();
  // Longer than the idle timeout of proxies and clients (60 s), so a kept-alive connection is never
  // closed by us at the moment a client sends its next request on it ("other side closed").
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  for (const feature of features) await feature.start?.();
  await app.listen(config.port);
  if (freshDemo && config.seedDocumentsPerCompany > 0) {
    // In the background: the portal serves while the demo invoices are uploaded and extracted.
    void seedDemoDocuments(documents.uploads, config.seedDocumentsPerCompany, new Date()).then(
      (n) => logger.log(`Uploaded ${n} demo invoices`),
      (e: unknown) => logger.error(`demo invoices failed: ${String(e)}`),
    );
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(
    `Portal serving on http://localhost:${port} (events: ${ports.describe.events}, read models: ${ports.describe.reads}, bus: ${ports.describe.bus}, identity: ${identityConfig.kind}, mail: ${mail.describe})`,
  );

  return {
    url: `http://localhost:${port}`,
    async close() {
      for (const feature of [...features].reverse()) await feature.stop?.();
      await deps.einvoiceChecker.close();
      await app.close();
      await identity?.close();
      await credentials.close();
      await projector?.stop();
      projectorWatch?.stop();
      await tracker.stop();
      await ports.close();
    },
  };
}
