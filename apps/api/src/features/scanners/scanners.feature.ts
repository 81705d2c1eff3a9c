import { join } from 'node:path';
import type { UploadService } from '../documents/upload.service';
import type { EditorInbox } from '../editor/editor-inbox';
import type { Feature, FeatureDeps } from '../feature';
import { ScanFolderWatcher } from './scan-folder-watcher';
import { ScanMailServer } from './scan-mail-server';
import { ScannerIntake } from './scanner-intake';
import { scannerRouter } from './scanner.routes';
import { scannersService } from './scanners.service';

/** Where scans go: the document editor's inbox of their client, or straight to extraction through the upload path. */
export interface ScanTargets {
  inbox: EditorInbox;
  uploads: UploadService;
}

/**
 * Scanners: the service, the upload route, and in an api process the intake by e-mail (when SCAN_SMTP_PORT
 * is set) and from the consume folder.
 */
export function scannersFeature(deps: FeatureDeps, targets: ScanTargets): Feature {
  const { config, log } = deps;
  const intake = new ScannerIntake(deps.reads, deps.commands, targets.inbox, targets.uploads, {
    failureLimit: config.scanIntake.failureLimit,
    windowMs: config.scanIntake.windowMs,
    refused: (channel, reason) => deps.metrics.intakeRefused(`scanner-${channel}`, reason),
    log: (m) => log.warn(m),
  });
  const mail =
    config.roles.api && config.scanIntake.smtpPort !== null
      ? new ScanMailServer(intake, {
          port: config.scanIntake.smtpPort,
          host: config.scanIntake.smtpHost,
          maxMessageBytes: Math.ceil(config.maxUploadBytes * 1.4) + 1_000_000,
          ...(config.scanIntake.smtpTls ? { tls: config.scanIntake.smtpTls } : {}),
          log: (m) => log.warn(m),
        })
      : null;
  const folders = config.roles.api
    ? new ScanFolderWatcher(intake, deps.reads, {
        root: join(config.dataDir, 'consume'),
        pollMs: config.scanIntake.folderPollMs,
        stableMs: config.scanIntake.folderStableMs,
        maxBytes: config.maxUploadBytes,
        log: (m) => log.warn(m),
      })
    : null;
  return {
    name: 'scanners',
    services: [scannersService(deps.reads, deps.commands)],
    routers: [scannerRouter(intake, deps.diskUploads, deps.uploadSizes)],
    async start() {
      if (mail) log.log(`Scan intake by e-mail on ${config.scanIntake.smtpHost}:${await mail.start()}`);
      folders?.start();
    },
    async stop() {
      await folders?.stop();
      await mail?.stop();
      await intake.flush().catch((e: unknown) => log.warn(`scanner refusals: ${String(e)}`));
    },
  };
}
