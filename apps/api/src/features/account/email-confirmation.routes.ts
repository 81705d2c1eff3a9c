import express, { type Request, type Response, type Router } from 'express';
import { isPortalError, type Locale } from '@portal/contracts';
import { DomainError } from '@portal/domain';
import { escapeHtml, page, pickLocale } from '../../identity/login-page';
import type { UserAccounts } from '../users/user-accounts';
import { EMAIL_CONFIRMATION_PATH, type EmailChangeLinks } from './email-change-links';

const TEXTS = {
  en: {
    title: 'Confirm your new e-mail address',
    intro: (email: string) => `Use ${email} as the e-mail address of your account from now on?`,
    confirm: 'Confirm',
    done: 'E-mail address changed',
    doneText: (email: string) => `Your e-mail address is now ${email}.`,
    open: 'Open the portal',
    invalidTitle: 'Link not valid',
    invalid: 'This confirmation link is not valid or has expired. Ask for the change again on your account page.',
  },
  de: {
    title: 'Neue E-Mail-Adresse bestätigen',
    intro: (email: string) => `${email} ab jetzt als E-Mail-Adresse Ihres Kontos verwenden?`,
    confirm: 'Bestätigen',
    done: 'E-Mail-Adresse geändert',
    doneText: (email: string) => `Ihre E-Mail-Adresse ist jetzt ${email}.`,
    open: 'Portal öffnen',
    invalidTitle: 'Link ungültig',
    invalid: 'Dieser Bestätigungslink ist ungültig oder abgelaufen. Fordern Sie die Änderung auf Ihrer Kontoseite erneut an.',
  },
} as const;

export interface EmailConfirmationOptions {
  links: EmailChangeLinks;
  accounts: Pick<UserAccounts, 'confirmEmailChange'>;
  brandShort: string;
  slogans: Record<Locale, string>;
}

/**
 * The link in the confirmation e-mail: GET shows the address and a button (so a mail scanner that
 * follows links changes nothing), POST confirms it. The signed token is the proof; no login is needed.
 */
export function emailConfirmationRouter(options: EmailConfirmationOptions): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 5 });

  const send = (req: Request, res: Response, status: number, render: (t: (typeof TEXTS)[Locale]) => { title: string; body: string }) => {
    const locale = pickLocale(undefined, req.get('accept-language'));
    const { title, body } = render(TEXTS[locale]);
    res.status(status).set({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).type('html')
      .send(page({ locale, brandShort: options.brandShort, slogan: options.slogans[locale], title, body }));
  };
  const invalid = (req: Request, res: Response, status: number, message?: string) =>
    send(req, res, status, (t) => ({ title: t.invalidTitle, body: `<h2>${escapeHtml(t.invalidTitle)}</h2>\n<p class="error" role="alert">${escapeHtml(message ?? t.invalid)}</p>` }));
  const tokenOf = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 4096) : '');

  router.get(EMAIL_CONFIRMATION_PATH, async (req, res, next) => {
    try {
      const token = tokenOf(req.query.token);
      const link = await options.links.verify(token);
      if (!link) return invalid(req, res, 400);
      return send(req, res, 200, (t) => ({
        title: t.title,
        body: `<h2>${escapeHtml(t.title)}</h2>
<p>${escapeHtml(t.intro(link.email))}</p>
<form method="post" action="${EMAIL_CONFIRMATION_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(t.confirm)}</button></form>`,
      }));
    } catch (error) {
      return next(error);
    }
  });

  router.post(EMAIL_CONFIRMATION_PATH, form, async (req, res, next) => {
    try {
      const link = await options.links.verify(tokenOf((req.body as Record<string, unknown> | undefined)?.token));
      if (!link) return invalid(req, res, 400);
      try {
        await options.accounts.confirmEmailChange(link.userId, link.email);
      } catch (error) {
        // A newer request or a second use: the user stream refuses it (Conflict), as does a deleted user.
        if (error instanceof DomainError || isPortalError(error)) return invalid(req, res, 409);
        throw error;
      }
      return send(req, res, 200, (t) => ({
        title: t.done,
        body: `<h2>${escapeHtml(t.done)}</h2>\n<p role="status">${escapeHtml(t.doneText(link.email))}</p>\n<p><a href="/account/preferences">${escapeHtml(t.open)}</a></p>`,
      }));
    } catch (error) {
      return next(error);
    }
  });
  return router;
}
