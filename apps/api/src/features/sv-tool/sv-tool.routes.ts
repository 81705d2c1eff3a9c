import { BadRequest, hasPermission, mayAccessClient, NotFound, toFeathersError, type PortalError } from '@portal/contracts';
import { COMPANIES, PORTAL_CONFIG, SV_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Authenticator } from '../../auth/authenticator';
import { userOfRequest } from '../documents/http-auth';
import { computeAccount, tableFor } from './sv-figures';
import { firmToday, timeZoneOf } from '../../config/firm-time-zone';
import { pdfBrandOf } from '../reports/report-pdf';
import { svStatementPdf, type StatementLanguage } from './sv-statement-pdf';
import { bookingsOf, rateTable } from './sv-tool.service';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `from`/`to` of the statement: both YYYY-MM-DD, default the current calendar year up to today; `to` never after today. */
export function statementRange(query: Record<string, unknown>, today: string): { from: string; to: string; lang: StatementLanguage } {
  const from = query.from === undefined ? `${today.slice(0, 4)}-01-01` : String(query.from);
  let to = query.to === undefined ? today : String(query.to);
  if (!DATE.test(from) || !DATE.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
    throw BadRequest('from and to are dates YYYY-MM-DD.');
  if (to > today) to = today;
  if (from > to) throw BadRequest('from must not be after to.');
  const lang = query.lang === undefined ? 'de' : String(query.lang);
  if (lang !== 'de' && lang !== 'en') throw BadRequest('lang is de or en.');
  return { from, to, lang };
}

/**
 * GET /api/sv-tool/accounts/:id/statement.pdf?from&to&lang (bearer token, `adm`): the client's statement of one
 * contribution account with the bookings of the period and the interest calculation as of `to`.
 */
export function svToolRouter(authenticator: Authenticator, reads: ReadStore): Router {
  const router = Router();
  router.get('/api/sv-tool/accounts/:id/statement.pdf', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const user = await userOfRequest(authenticator, req);
      const id = String(req.params.id);
      const account = await reads.get(SV_ACCOUNTS, id);
      if (!account || !hasPermission(user, 'adm') || !mayAccessClient(user, account.company_no)) throw NotFound(`No record found for id '${id}'`);
      const { from, to, lang } = statementRange(req.query as Record<string, unknown>, await firmToday(reads));
      const all = await bookingsOf(reads, account);
      const upToEnd = all.filter((t) => t.buchungsDatum <= to);
      const rates = await rateTable(reads);
      const detail = computeAccount(account, upToEnd, rates, to);
      const [company, config] = await Promise.all([reads.get(COMPANIES, account.company_no), reads.get(PORTAL_CONFIG, 'portal')]);
      const body = await svStatementPdf({
        detail,
        transactions: upToEnd,
        rates: tableFor(account, rates),
        clientName: String(company?.company_name ?? ''),
        from,
        to,
        lang,
        brand: pdfBrandOf(config),
        createdAt: new Date(),
        timeZone: timeZoneOf(config),
      });
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="sv-${account.kontonr}-${from}_${to}.pdf"`);
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
