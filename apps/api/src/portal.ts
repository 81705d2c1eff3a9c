import { hostname } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SERVICES } from '@portal/contracts';
import { portalDecider, PORTAL_STREAM_ID } from '@portal/domain';
import { DocumentWorker, rpaSuggestionHook, WORKER_USER } from '@portal/document-worker';
import { DOCUMENT_PROGRESS_TOPIC, type DocumentProgress } from '@portal/messages';
import { ALL_PROJECTIONS, LiveProjector } from '@portal/projections';
import { COMPANIES, DOCUMENTS, USER_PREFERENCES, USERS } from '@portal/read-models';
import { openPorts } from '@portal/ports';
import { CommandRuntime } from '@portal/commands';
import { AppModule } from './app.module';
import { Authenticator } from './auth/authenticator';
import { CompanyNumbers } from './auth/company-numbers';
import { LegacyCredentialImport } from './auth/legacy-credentials';
import { ReadStoreUserDirectory } from './auth/read-store-user-directory';
import { UserAccounts } from './features/users/user-accounts';
import { SqliteCredentialStore } from './identity/sqlite-credential-store';
import type { PortalConfig } from './config/portal-config';
import { accPeriodsService } from './features/companies/acc-periods.service';
import { accBooksService, accCostService, accExpenseAccountsService } from './features/accounting/acc-master-data.services';
import { accSuppliersService } from './features/accounting/acc-suppliers.service';
import { accountingClientService } from './features/companies/accounting-client.service';
import { companySettingsService } from './features/companies/company-settings.service';
import { documentCategoryService } from './features/catalog/document-category.service';
import { configService } from './features/portal/config.service';
import { versionService } from './features/portal/version.service';
import { usersService } from './features/users/users.service';
import { accountService } from './features/account/account.service';
import { EmbeddedAccount } from './features/account/embedded-account';
import { KeycloakAccount } from './features/account/keycloak-account';
import { EmailChangeLinks, loadOrCreateLinkKey } from './features/account/email-change-links';
import { emailConfirmationRouter } from './features/account/email-confirmation.routes';
import { SecurityKeys } from './identity/security-keys';
import { createMailSender } from './platform/mail/mail-sender';
import { EmbeddedIdentityUsers } from './features/idp-users/embedded-identity-users';
import { idpUserBulkService, idpUsersService } from './features/idp-users/idp-users.service';
import type { IdentityUsers } from './features/idp-users/identity-users.port';
import { resolveKeycloakAdminConfig } from './features/idp-users/keycloak-admin-config';
import { connectKeycloakIdentityUsers } from './features/idp-users/keycloak-identity-users';
import { documentsRouter } from './features/documents/documents.routes';
import { mayReadDocument } from './features/documents/document-read-rule';
import { ocrRouter } from './features/documents/ocr.routes';
import { documentsService } from './features/documents/documents.service';
import { documentHistoryService } from './features/audit/document-history.service';
import { paymentQrService } from './features/payments/payment-qr.service';
import { EInvoiceChecker } from '@portal/extraction';
import { einvoiceValidationService } from './features/einvoices/einvoice-validation.service';
import { einvoiceValidationRouter } from './features/einvoices/einvoice-validation.routes';
import { erpExportsService } from './features/export/erp-exports.service';
import { exportRunner } from './features/export/export-runner';
import { exportsRouter } from './features/export/erp-exports.routes';
import { openItemsService } from './features/open-items/open-items.service';
import { ReportEngine } from './features/reports/report-engine';
import { reportsService } from './features/reports/reports.service';
import { reportsRouter } from './features/reports/reports.routes';
import { svToolRouter } from './features/sv-tool/sv-tool.routes';
import { responsibilitiesService } from './features/responsibilities/responsibilities.service';
import { firmOverviewService } from './features/overview/firm-overview.service';
import { svAccountsService, svInterestRatesService, svTransactionsService } from './features/sv-tool/sv-tool.service';
import { TrashPurge } from './features/documents/trash-purge';
import { UploadService } from './features/documents/upload.service';
import { EditorAccess } from './features/editor/editor-access';
import { editorDocumentService } from './features/editor/editor-document.service';
import { EditorInbox } from './features/editor/editor-inbox';
import { editorRouter } from './features/editor/editor.routes';
import { ScanFolderWatcher } from './features/scanners/scan-folder-watcher';
import { ScanMailServer } from './features/scanners/scan-mail-server';
import { ScannerIntake } from './features/scanners/scanner-intake';
import { scannerRouter } from './features/scanners/scanner.routes';
import { scannersService } from './features/scanners/scanners.service';
import { addressServices } from './features/addresses/address-services';
import { retryHandlers } from './features/rpa-errors/retry-handlers';
import { rpaErrorsService } from './features/rpa-errors/rpa-errors.service';
import { FeathersGateway } from './gateway/feathers-gateway';
import { PortalIoAdapter } from './gateway/portal-io-adapter';
import { ServiceRegistry } from './gateway/service-registry';
import { restRouter } from './gateway/rest-routes';
import { healthDetailsRouter } from './http/health-details.routes';
import { DiskUploads } from './http/disk-uploads';
import { securityHeaders } from './http/security-headers';
import { portalOrigins } from './identity/portal-origins';
import { LoginThrottle } from './identity/login-throttle';
import { bankingFeature } from './features/banking/banking.feature';
import { fonFeature } from './features/fon/fon.feature';
import { loadSecretBox } from './platform/secret-box';
import { serveWeb } from './http/web-static';
import { createEmbeddedIdentity, createTokenVerifier, resolveIdentityConfig, type EmbeddedIdentity } from './identity';
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

const SLOGANS = { en: 'independent, competent, reliable.', de: 'unabhängig, kompetent, zuverlässig.' };

/** The composition root: adapters, projector, command runtime, identity, gateway and HTTP on one port. */
export async function startPortal(config: PortalConfig): Promise<RunningPortal> {
  const pino = createPinoLogger();
  const nestPino = nestLogger(pino);
  Logger.overrideLogger(nestPino);
  const logger = new Logger('Portal');
  // The sources are bound below, once the adapters, tracker and gateway exist.
  const metrics = new PortalMetrics({ headPosition: () => ports.events.headPosition(), projectedPosition: () => tracker.current, connections: () => gateway.connectionCount });
  const ports = await openPorts(config, { onCommit: (appends, events) => metrics.committed(appends, events) });
  await ports.reads.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
  for (const note of checkTopology(config, ports.describe, Boolean(ports.reads.feed))) logger.log(note);
  // Pushes and read-your-writes follow the read store's change feed, whichever process projects.
  const tracker = new ProjectionTracker(ports.reads.feed, {
    reader: `api-${config.instanceId}`,
    onError: (e) => logger.error(`change feed: ${String(e)}`),
    onGap: (missed, resumed) => logger.warn(`change feed: batches after ${String(missed)} were pruned before this api read them; going on from ${String(resumed)}`),
  });
  await tracker.start();
  // An api that does not project depends on a projector elsewhere on the same read store: say when there is none.
  const projectorWatch = config.roles.projector ? null : new ProjectorWatch({ leases: ports.reads.leases, readStore: ports.describe.reads, warn: (m) => logger.warn(m), log: (m) => logger.log(m) });
  projectorWatch?.start();
  const readText = async (sha256: string) => (await ports.blobs.get(sha256))?.toString('utf8') ?? null;
  const projector = config.roles.projector
    ? new LiveProjector(ports.events, ports.reads, ALL_PROJECTIONS, { readText, log: (m) => logger.log(m), onError: (e) => logger.error(`projector: ${String(e)}`), ...(config.leaseTtlMs ? { leaseTtlMs: config.leaseTtlMs } : {}), ...(ports.describe.bus === 'Kafka' ? { relayTo: ports.bus } : {}) })
    : null;
  // Not awaited: with another projector holding the lease this one waits, and the api serves meanwhile.
  void projector?.start();

  const runtime = new CommandRuntime(ports.events, undefined, (command, outcome, seconds, position) => metrics.command(command, outcome, seconds, position));
  const build = readBuildInfo();
  const identityConfig = resolveIdentityConfig(process.env, config.publicUrl);
  const users = new ReadStoreUserDirectory(ports.reads);
  const credentialStore = new SqliteCredentialStore(join(config.dataDir, 'credentials.sqlite'));
  const credentials = new LegacyCredentialImport(credentialStore, ports.events);
  const accounts = new UserAccounts((decider, stream, command, context) => runtime.execute(decider, stream, command, context), credentials, ports.events, credentialStore);
  const securityKeys = new SecurityKeys(credentialStore, { rpId: new URL(config.publicUrl).hostname, rpName: config.brand.short, origins: portalOrigins(config.publicUrl) });
  const mail = createMailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: join(config.dataDir, 'outbox'), log: (m) => logger.log(m) });

  const secrets = loadSecretBox(config.dataDir);
  const freshDemo = config.roles.api && config.seedDemoData && (await seedDemoData(ports.events, runtime, ports.blobs, accounts, { documents: config.seedDocumentsPerCompany > 0, seal: (plain) => secrets.seal(plain) }));
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
      oidc: { issuer: identityConfig.issuer, clientId: identityConfig.clientId, kind: identityConfig.kind, realm: identityConfig.realm, url: identityConfig.url },
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
  const verify = createTokenVerifier({ issuer: identityConfig.issuer, audience: identityConfig.audience, jwksUri: identityConfig.jwksUri, ...(identity ? { jwks: identity.jwks } : {}) });
  const companyNumbers = new CompanyNumbers(async () => (await ports.reads.find(COMPANIES, { where: {}, sort: [['company_no', 1]], skip: 0, limit: 100_000, select: ['company_no'] })).data.map((c) => c.company_no as number));
  const chosenLocale = async (subject: string) => {
    const locale = (await ports.reads.get(USER_PREFERENCES, subject))?.locale;
    return locale === 'de' || locale === 'en' ? locale : null;
  };
  const authenticator = new Authenticator(verify, users, () => companyNumbers.get(), identityConfig.kind === 'keycloak', identity?.devices ?? null, chosenLocale);
  const services = new ServiceRegistry();
  const gateway = new FeathersGateway(authenticator, services, {
    log: (message, error) => logger.error(`${message}: ${error instanceof Error ? error.stack : String(error)}`),
    allowedOrigins: portalOrigins(config.publicUrl),
    unauthenticatedTimeoutMs: config.unauthenticatedSocketMs,
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ runtime, tracker, info, gateway }), { logger: nestPino, bodyParser: false });
  app.get(CommandSender).waitMs = config.commandWaitMs;
  app.get(CommandSender).onWaitTimedOut = () => metrics.commandWaitTimedOut();
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  express.set('trust proxy', config.trustProxy);
  express.use(securityHeaders({
    publicUrl: config.publicUrl,
    identityOrigin: identityConfig.kind === 'keycloak' ? new URL(identityConfig.issuer).origin : null,
    providerPath: identityConfig.kind === 'embedded' ? (identityConfig.mountPath ?? '/oidc') : null,
  }));
  express.use(httpLogger(pino), requestLogContext, httpMetrics(metrics), metricsEndpoint(metrics, { token: config.metricsToken, open: !config.production }));

  if (identity) express.use(identityConfig.mountPath ?? '/oidc', identity.router);
  app.useWebSocketAdapter(new PortalIoAdapter(app, gateway.serverOptions()));
  const sender = app.get(CommandSender);
  const gatewayAccounts = new UserAccounts((decider, stream, command, context) => sender.send(decider, stream, command, context), credentials, ports.events, credentialStore);
  const emailLinks = new EmailChangeLinks(loadOrCreateLinkKey(join(config.dataDir, 'email-links.key')), config.publicUrl);
  const accountPort = identity?.devices
    ? new EmbeddedAccount({ brandShort: config.brand.short, reads: ports.reads, accounts: gatewayAccounts, devices: identity.devices, securityKeys, links: emailLinks, mail })
    // The realm as this server reaches it: OIDC_JWKS_URI may name another host than the issuer browsers see.
    : new KeycloakAccount({ realmUrl: identityConfig.jwksUri.replace(/\/protocol\/openid-connect\/certs$/, '') });
  const endPortalSessions = (userId: string): void => {
    gateway.signOutSessions(identity?.devices?.endOtherSessions(userId, null) ?? []);
    gateway.signOutUser(userId);
  };
  // With Keycloak the user manager works through its admin API, and is offered only when KEYCLOAK_ADMIN_URL is set.
  const keycloakAdmin = resolveKeycloakAdminConfig(process.env, identityConfig);
  const identityUsers: IdentityUsers | null = identityConfig.kind === 'embedded'
    ? new EmbeddedIdentityUsers(ports.reads, gatewayAccounts, (decider, stream, command, context) => sender.send(decider, stream, command, context), endPortalSessions)
    : keycloakAdmin ? await connectKeycloakIdentityUsers(keycloakAdmin, endPortalSessions) : null;
  if (!identityUsers) logger.warn('No user manager: set KEYCLOAK_ADMIN_URL and KEYCLOAK_ADMIN_CLIENT_SECRET to manage Keycloak users from the portal');
  const reportEngine = new ReportEngine(ports.events, ports.reads);
  const erpExports = erpExportsService(ports.reads, sender, exportRunner({ reads: ports.reads, blobs: ports.blobs, commands: sender, log: (m) => logger.warn(m) }));
  const diskUploads = new DiskUploads(join(config.dataDir, 'incoming'), hostname(), (e) => logger.error(`upload failed: ${e instanceof Error ? e.stack : String(e)}`));
  // One thread for the e-invoice checks of the REST route and the service and for the attachments' downloads; the document worker has its own.
  const einvoiceChecker = new EInvoiceChecker();
  const fon = fonFeature({ store: ports.reads, commands: sender, authenticator, secrets, demoMode: config.demoMode, log: (m) => logger.warn(m), diskUploads });
  services.register(
    configService(ports.reads, sender),
    versionService(build),
    accountingClientService(ports.reads, sender),
    companySettingsService(ports.reads, sender),
    accPeriodsService(ports.reads, sender),
    accExpenseAccountsService(ports.reads, sender),
    accCostService(ports.reads, sender),
    accBooksService(ports.reads, sender),
    accSuppliersService(ports.reads, sender),
    documentCategoryService(ports.reads),
    usersService(ports.reads, sender),
    accountService({ reads: ports.reads, commands: sender, port: accountPort, signOutSessions: (sids) => gateway.signOutSessions(sids), throttle: loginThrottle }),
    documentsService(ports.reads, sender),
    documentHistoryService(ports.events, ports.reads),
    paymentQrService(ports.reads),
    einvoiceValidationService(einvoiceChecker),
    erpExports,
    openItemsService(ports.reads, sender),
    reportsService(reportEngine),
    responsibilitiesService(ports.reads, sender),
    firmOverviewService(ports.reads),
    svAccountsService(ports.reads, sender),
    svTransactionsService(ports.reads, sender),
    svInterestRatesService(ports.reads, sender),
    ...(identityUsers ? [idpUsersService({ users: identityUsers, reads: ports.reads }), idpUserBulkService({ users: identityUsers, reads: ports.reads })] : []),
    editorDocumentService({
      reads: ports.reads,
      events: ports.events,
      blobs: ports.blobs,
      bus: ports.bus,
      commands: sender,
      notifyLeft: (clientNo, record) => gateway.emitCustom(SERVICES.editorDocument, 'removed', clientNo, record),
    }),
    scannersService(ports.reads, sender),
    ...addressServices({ reads: ports.reads, events: ports.events, sender }),
    rpaErrorsService(ports.reads, sender, retryHandlers({ reads: ports.reads, commands: sender, bus: ports.bus, erpExports, fonImports: fon.imports })),
  );
  const uploadSizes = { maxBytes: config.maxUploadBytes, maxRequestBytes: config.maxRequestBytes };
  express.use(restRouter(services, authenticator, (e) => logger.error(`REST call failed: ${e instanceof Error ? e.stack : String(e)}`)));
  const banking = bankingFeature({ store: ports.reads, commands: sender, authenticator, diskUploads });
  services.register(...banking.services);
  express.use(banking.router);
  services.register(...fon.services);
  express.use(fon.router);
  const uploads = new UploadService(ports.reads, ports.blobs, ports.bus, sender, config.maxUploadBytes);
  express.use(documentsRouter(authenticator, uploads, ports.reads, ports.blobs, diskUploads, uploadSizes, ports.events, einvoiceChecker));
  express.use(exportsRouter(authenticator, ports.reads, ports.blobs));
  express.use(einvoiceValidationRouter(authenticator, einvoiceChecker, diskUploads, config.maxUploadBytes));
  express.use(healthDetailsRouter(authenticator, info));
  express.use(emailConfirmationRouter({
    links: emailLinks,
    accounts: gatewayAccounts,
    brandShort: config.brand.short,
    slogans: SLOGANS,
    brake: { refused: (reason) => metrics.intakeRefused('email-link', reason), log: (m) => logger.warn(m) },
  }));
  express.use(reportsRouter(authenticator, ports.reads, reportEngine));
  const editorInbox = new EditorInbox(ports.reads, ports.blobs, sender, config.maxUploadBytes);
  express.use(editorRouter(authenticator, editorInbox, new EditorAccess(ports.reads, ports.events), ports.blobs, diskUploads, uploadSizes));
  const scanIntake = new ScannerIntake(ports.reads, sender, editorInbox, uploads, {
    failureLimit: config.scanIntake.failureLimit,
    windowMs: config.scanIntake.windowMs,
    refused: (channel, reason) => metrics.intakeRefused(`scanner-${channel}`, reason),
    log: (m) => logger.warn(m),
  });
  express.use(scannerRouter(scanIntake, diskUploads, uploadSizes));
  const scanMail = config.roles.api && config.scanIntake.smtpPort !== null
    ? new ScanMailServer(scanIntake, { port: config.scanIntake.smtpPort, host: config.scanIntake.smtpHost, maxMessageBytes: Math.ceil(config.maxUploadBytes * 1.4) + 1_000_000, ...(config.scanIntake.smtpTls ? { tls: config.scanIntake.smtpTls } : {}), log: (m) => logger.warn(m) })
    : null;
  const scanFolders = config.roles.api
    ? new ScanFolderWatcher(scanIntake, ports.reads, { root: join(config.dataDir, 'consume'), pollMs: config.scanIntake.folderPollMs, stableMs: config.scanIntake.folderStableMs, maxBytes: config.maxUploadBytes, log: (m) => logger.warn(m) })
    : null;
  express.use(ocrRouter(authenticator, diskUploads, config.maxUploadBytes));
  express.use(svToolRouter(authenticator, ports.reads));
  const progress = await ports.bus.subscribe<DocumentProgress>(DOCUMENT_PROGRESS_TOPIC, `api-${config.instanceId}`, (m) => {
    metrics.extraction(m.value);
    // A payroll document's progress reaches only users who may see it.
    return ports.reads.get(DOCUMENTS, m.value.documentId).then((doc) =>
      gateway.emitCustom(SERVICES.documents, 'progress', m.value.client_no, m.value, (user) => !doc || mayReadDocument(user, doc)),
    );
  });
  const worker = config.roles.ocrWorker ? new DocumentWorker(ports.bus, ports.blobs, runtime, { log: (m) => logger.warn(m), suggest: rpaSuggestionHook(ports.reads, runtime, WORKER_USER), reads: ports.reads }) : null;
  await worker?.start();
  const purge = config.roles.api ? new TrashPurge(ports.reads, ports.blobs, runtime) : null;
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
  await app.listen(config.port);
  purge?.start();
  if (config.roles.api) {
    // Once the read models stand at the head: imports a stopped process left in progress are failed, so none blocks.
    void (async () => {
      const head = await ports.events.headPosition();
      if (head !== null && !(await tracker.waitFor(head, 120_000))) return;
      const system = { userId: 'system', clientNo: null };
      const interrupted = await fon.importer.failInterrupted(system);
      if (interrupted > 0) logger.warn(`Marked ${interrupted} FON imports failed that a restart interrupted`);
      fon.importer.watchInterrupted(system, (n) => logger.warn(`Marked ${n} FON imports failed whose portal process stopped`));
    })().catch((e: unknown) => logger.error(`FON imports after restart: ${String(e)}`));
  }
  if (scanMail) logger.log(`Scan intake by e-mail on ${config.scanIntake.smtpHost}:${await scanMail.start()}`);
  scanFolders?.start();
  if (freshDemo && config.seedDocumentsPerCompany > 0) {
    // In the background: the portal serves while the demo invoices are uploaded and extracted.
    void seedDemoDocuments(uploads, config.seedDocumentsPerCompany, new Date()).then(
      (n) => logger.log(`Uploaded ${n} demo invoices`),
      (e: unknown) => logger.error(`demo invoices failed: ${String(e)}`),
    );
  }
  if (worker) {
    const recovered = await worker.recoverPending(ports.reads);
    if (recovered > 0) logger.log(`Queued ${recovered} documents for extraction`);
    // Once the read models stand at the head: e-invoices read before the present reading of their terms get them from their files.
    void (async () => {
      const head = await ports.events.headPosition();
      if (head !== null && !(await tracker.waitFor(head, 120_000))) return;
      const read = await worker.readEInvoiceTermsAgain(ports.reads);
      if (read > 0) logger.log(`Read the terms of ${read} e-invoices again from their files`);
    })().catch((e: unknown) => logger.error(`e-invoice terms after start: ${String(e)}`));
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(`Portal serving on http://localhost:${port} (events: ${ports.describe.events}, read models: ${ports.describe.reads}, bus: ${ports.describe.bus}, identity: ${identityConfig.kind}, mail: ${mail.describe})`);

  return {
    url: `http://localhost:${port}`,
    async close() {
      purge?.stop();
      fon.importer.stopWatching();
      await scanFolders?.stop();
      await scanMail?.stop();
      await scanIntake.flush().catch((e: unknown) => logger.warn(`scanner refusals: ${String(e)}`));
      await progress.close();
      await worker?.stop();
      await einvoiceChecker.close();
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
