import express, { type Request, type Response, type Router } from 'express';
import { isPortalError, type Locale } from '@portal/contracts';
import { DomainError } from '@portal/domain';
import { escapeHtml, page, pickLocale } from '../../identity/login-page';
import type { UserAccounts } from '../users/user-accounts';
import { FailureThrottle } from '../../http/failure-throttle';
import { EMAIL_CONFIRMATION_PATH, type EmailChangeLinks, type LinkRefusal } from './email-change-links';

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
    tooMany: (seconds: number) => `Too many links that are not valid were opened from here. Try again in ${seconds} s.`,
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
    tooMany: (seconds: number) => `Von hier wurden zu viele ungültige Links geöffnet. Versuchen Sie es in ${seconds} s erneut.`,
  },
} as const;

/** Why a link was refused, as counted: the link's own refusals, a second use or a superseded request, or the brake. */
export type LinkRefusalReason = LinkRefusal | 'reused' | 'throttled';

/** The brake on refused links and how refusals are counted: limits, metrics and the log. */
export interface LinkBrakeOptions {
  /** Refused links per source within one window before links from it are answered 429 unchecked. */
  failureLimit: number;
  windowMs: number;
  refused(reason: LinkRefusalReason): void;
  log(message: string): void;
}

export interface EmailConfirmationOptions {
  links: EmailChangeLinks;
  accounts: Pick<UserAccounts, 'confirmEmailChange'>;
  brandShort: string;
  slogans: Record<Locale, string>;
  brake?: Partial<LinkBrakeOptions>;
}

/**
 * The link in the confirmation e-mail: GET shows the address and a button (so a mail scanner that
 * follows links changes nothing), POST confirms it. The signed token is the proof; no login is needed, so
 * every refused link (expired, tampered, malformed, reused) is counted and logged, and a source with a
 * handful of refusals in a window is answered 429 without checking until the window ends.
 */
export function emailConfirmationRouter(options: EmailConfirmationOptions): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 5 });

  const send = (req: Request, res: Response, status: number, render: (t: (typeof TEXTS)[Locale]) => { title: string; body: string }) => {
    const locale = pickLocale(undefined, req.get('accept-language'));
    const { title, body } = render(TEXTS[locale]);
    res
      .status(status)
      .set({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
      .type('html')
      .send(page({ locale, brandShort: options.brandShort, slogan: options.slogans[locale], title, body }));
  };
  const invalid = (req: Request, res: Response, status: number, message?: string) =>
    send(req, res, status, (t) => ({
      title: t.invalidTitle,
      body: `<h2>${escapeHtml(t.invalidTitle)}</h2>\n<p class="error" role="alert">${escapeHtml(message ?? t.invalid)}</p>`,
    }));
  const tokenOf = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 4096) : '');
  const brake: LinkBrakeOptions = { failureLimit: 10, windowMs: 60_000, refused: () => undefined, log: () => undefined, ...options.brake };
  const throttle = new FailureThrottle({ limit: brake.failureLimit, windowMs: brake.windowMs });
  const sourceOf = (req: Request) => req.ip ?? '';

  /** Answers 429 (true) when the source has had too many refused links in this window. */
  const braked = (req: Request, res: Response): boolean => {
    const source = sourceOf(req);
    const retryAfter = throttle.blockedFor(source, source);
    if (retryAfter === null) return false;
    brake.refused('throttled');
    res.set('retry-after', String(retryAfter));
    invalid(req, res, 429, pickLocale(undefined, req.get('accept-language')) === 'de' ? TEXTS.de.tooMany(retryAfter) : TEXTS.en.tooMany(retryAfter));
    return true;
  };
  const refuse = (req: Request, res: Response, status: number, reason: Exclude<LinkRefusalReason, 'throttled'>) => {
    const source = sourceOf(req);
    throttle.failed(source, source);
    brake.refused(reason);
    brake.log(`e-mail link refused (${reason}) from ${source}`);
    return invalid(req, res, status);
  };
  const linkOf = async (req: Request, res: Response, token: string) => {
    const checked = await options.links.check(token);
    if (!('refused' in checked)) return checked;
    refuse(req, res, 400, checked.refused);
    return null;
  };

  router.get(EMAIL_CONFIRMATION_PATH, async (req, res, next) => {
    try {
      if (braked(req, res)) return;
      const token = tokenOf(req.query.token);
      const link = await linkOf(req, res, token);
      if (!link) return;
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

  // The brake answers before the form is read.
  const unlessBraked = (req: Request, res: Response, next: () => void) => (braked(req, res) ? undefined : next());
  router.post(EMAIL_CONFIRMATION_PATH, unlessBraked, form, async (req, res, next) => {
    try {
      const link = await linkOf(req, res, tokenOf((req.body as Record<string, unknown> | undefined)?.token));
      if (!link) return;
      try {
        await options.accounts.confirmEmailChange(link.userId, link.email);
      } catch (error) {
        // A newer request or a second use: the user stream refuses it (Conflict), as does a deleted user.
        if (error instanceof DomainError || isPortalError(error)) return refuse(req, res, 409, 'reused');
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
