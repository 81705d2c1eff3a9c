import { dayIn, Forbidden, hasPermission, mayAccessClient, NotFound, toFeathersError, type PortalError, type ReportResult } from '@portal/contracts';
import { COMPANIES, PORTAL_CONFIG } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { userOfRequest } from '../documents/http-auth';
import { maySeePayroll } from '../documents/document-read-rule';
import { reportCsv } from './report-csv';
import type { ReportEngine } from './report-engine';
import { timeZoneOf } from '../../config/firm-time-zone';
import { pdfBrandOf, reportPdf } from './report-pdf';
import { parseReportRequest } from './report-query';
import { momentFormatter, REPORT_TEXTS, reportLanguageOf } from './report-texts';
import { REPORTS_READ } from './reports.service';

/**
 * GET /api/reports/:client/:report.(csv|pdf)?from&to&asOf|asOfPosition&compareAsOf|compareAsOfPosition&country&lang
 * (bearer token, `rep`): the report of the `reports` service as a download in `lang` (en | de; default the
 * user's locale). Without `rep` 403; another client's 404; bad input 400.
 */
/** A file names the moment of a report as of a log position by the time the log reached it (the position is internal). */
function printedMoments(result: ReportResult): ReportResult {
  const compare = result.compare && { ...result.compare, asOf: result.compare.asOf ?? result.compare.asOfPositionTime ?? null };
  return { ...result, asOf: result.asOf ?? result.asOfPositionTime ?? null, ...(compare ? { compare } : {}) };
}

export function reportsRouter(authenticator: Authenticator, reads: ReadStore, engine: ReportEngine): Router {
  const router = Router();
  router.get('/api/reports/:client/:file', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      if (!hasPermission(user, ...REPORTS_READ)) throw Forbidden(`Report downloads need the permission ${REPORTS_READ.join(' or ')}.`);
      const match = /^([a-z]+)\.(csv|pdf)$/.exec(String(req.params.file));
      if (!match) throw NotFound('Unknown download; use <report>.csv or <report>.pdf.');
      const { lang, ...query } = req.query;
      const config = await reads.get(PORTAL_CONFIG, 'portal');
      const timeZone = timeZoneOf(config);
      const request = parseReportRequest({ ...query, client_no: req.params.client, report: match[1] }, new Date(), timeZone);
      const language = reportLanguageOf(lang, user.locale);
      const texts = REPORT_TEXTS[language];
      const moment = momentFormatter(language, timeZone);
      if (!mayAccessClient(user, request.clientNo)) throw NotFound(`No client found for id '${request.clientNo}'`);
      const result = printedMoments(await engine.run(request, { withPayroll: maySeePayroll(user) }));
      const company = await reads.get(COMPANIES, request.clientNo);
      const clientName = String(company?.company_name ?? '');
      const asOf = request.asOf === null ? '' : result.asOf !== null ? `-asof-${dayIn(timeZone, new Date(result.asOf))}` : `-asof-${result.asOfPosition}`;
      const name = `${request.report}-${request.clientNo}-${request.period.from}_${request.period.to}${asOf}.${match[2]}`;
      let body: Buffer;
      if (match[2] === 'csv') {
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        body = Buffer.from(reportCsv(result, clientName, texts, moment), 'utf8');
      } else {
        res.setHeader('Content-Type', 'application/pdf');
        body = await reportPdf(result, clientName, pdfBrandOf(config), new Date(), texts, moment);
      }
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(body);
    })().catch((error: unknown) => {
      if ((error as PortalError).code) {
        const wire = toFeathersError(error);
        res.status(wire.code).json(wire);
      } else next(error);
    });
  });
  return router;
}
