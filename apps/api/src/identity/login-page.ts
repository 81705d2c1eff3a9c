import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portal/contracts';

/** Texts of the embedded provider's pages, per portal language. */
export const LOGIN_TEXTS = {
  en: {
    title: 'Sign in',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    invalid: 'Invalid username or password.',
    disabled: 'This account is disabled. Please contact your administrator.',
    expired: 'Your sign-in took too long or was already completed. Please start again.',
    error: 'Sign-in failed',
    locked: 'Too many failed sign-ins. Please try again in {minutes} minutes.',
    busy: 'A sign-in for this account is already being checked. Please try again.',
    newPasswordTitle: 'Choose a new password',
    newPasswordIntro: 'Your password was set for one use only. Choose your own password to continue.',
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
    savePassword: 'Save and sign in',
    mismatch: 'Passwords must match.',
    samePassword: 'The new password must differ from the one-time password.',
    tooShort: 'The password must have at least 10 characters.',
    tooLong: 'The password must have at most 200 characters.',
    containsUsername: 'The password must not contain the username.',
    tooSimple: 'The password must use at least 5 different characters.',
    rule: 'At least 10 characters, at least 5 different ones, not containing your username.',
    demoRefused: 'Demo passwords are not accepted on this server.',
    otpTitle: 'Two-step verification',
    otpIntro: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    otpCode: 'Code',
    otpSubmit: 'Verify',
    otpInvalid: 'The code is not valid.',
    otpReplayed: 'This code was already used. Wait for the next one.',
    keyIntro: 'Confirm with one of your security keys.',
    keyOrCode: 'Or enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    keyUse: 'Use a security key',
    keyInvalid: 'The security key was not accepted. Try again.',
    keyFailed: 'The security key did not answer. Try again, or use a code.',
    totpRequiredTitle: '2-factor authentication not set up',
    totpRequiredIntro:
      'Your account requires 2-factor authentication. Scan the QR code with an authenticator app (or type the key into it), then enter the code the app shows.',
    totpRequiredUnavailable: 'Your account requires 2-factor authentication, which cannot be set up here. Please contact your administrator.',
    totpKey: 'Key',
    totpSetupSubmit: 'Set up and continue',
    recoveryTitle: 'Your recovery codes',
    recoveryIntro: 'Keep these ten codes in a safe place: each signs you in once if you lose your phone. They are shown only now.',
    continue: 'Continue',
  },
  de: {
    title: 'Anmelden',
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Anmelden',
    invalid: 'Ungültiger Benutzername oder Passwort.',
    disabled: 'Dieses Konto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
    expired: 'Die Anmeldung hat zu lange gedauert oder wurde bereits abgeschlossen. Bitte beginnen Sie erneut.',
    error: 'Anmeldung fehlgeschlagen',
    locked: 'Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in {minutes} Minuten erneut.',
    busy: 'Eine Anmeldung für dieses Konto wird gerade geprüft. Bitte versuchen Sie es erneut.',
    newPasswordTitle: 'Neues Passwort wählen',
    newPasswordIntro: 'Ihr Passwort galt nur für eine Anmeldung. Wählen Sie Ihr eigenes Passwort, um fortzufahren.',
    newPassword: 'Neues Passwort',
    repeatPassword: 'Neues Passwort wiederholen',
    savePassword: 'Speichern und anmelden',
    mismatch: 'Die Passwörter müssen übereinstimmen.',
    samePassword: 'Das neue Passwort muss sich vom Einmalpasswort unterscheiden.',
    tooShort: 'Das Passwort muss mindestens 10 Zeichen haben.',
    tooLong: 'Das Passwort darf höchstens 200 Zeichen haben.',
    containsUsername: 'Das Passwort darf den Benutzernamen nicht enthalten.',
    tooSimple: 'Das Passwort muss mindestens 5 verschiedene Zeichen enthalten.',
    rule: 'Mindestens 10 Zeichen, davon mindestens 5 verschiedene, ohne Ihren Benutzernamen.',
    demoRefused: 'Demo-Passwörter werden auf diesem Server nicht angenommen.',
    otpTitle: 'Bestätigung in zwei Schritten',
    otpIntro: 'Geben Sie den 6-stelligen Code Ihrer Authenticator-App oder einen Ihrer Wiederherstellungscodes ein.',
    otpCode: 'Code',
    otpSubmit: 'Bestätigen',
    otpInvalid: 'Der Code ist ungültig.',
    otpReplayed: 'Dieser Code wurde bereits verwendet. Warten Sie auf den nächsten.',
    keyIntro: 'Bestätigen Sie mit einem Ihrer Sicherheitsschlüssel.',
    keyOrCode: 'Oder geben Sie den 6-stelligen Code Ihrer Authenticator-App oder einen Ihrer Wiederherstellungscodes ein.',
    keyUse: 'Sicherheitsschlüssel verwenden',
    keyInvalid: 'Der Sicherheitsschlüssel wurde nicht akzeptiert. Bitte versuchen Sie es erneut.',
    keyFailed: 'Der Sicherheitsschlüssel hat nicht geantwortet. Versuchen Sie es erneut oder verwenden Sie einen Code.',
    totpRequiredTitle: 'Zwei-Faktor-Authentifizierung nicht eingerichtet',
    totpRequiredIntro:
      'Ihr Konto erfordert die Zwei-Faktor-Authentifizierung. Scannen Sie den QR-Code mit einer Authenticator-App (oder geben Sie dort den Schlüssel ein) und tragen Sie dann den Code ein, den die App anzeigt.',
    totpRequiredUnavailable:
      'Ihr Konto erfordert die Zwei-Faktor-Authentifizierung, die hier nicht eingerichtet werden kann. Bitte wenden Sie sich an Ihre Administration.',
    totpKey: 'Schlüssel',
    totpSetupSubmit: 'Einrichten und fortfahren',
    recoveryTitle: 'Ihre Wiederherstellungscodes',
    recoveryIntro: 'Bewahren Sie diese zehn Codes sicher auf: Jeder meldet Sie einmal an, falls Sie Ihr Telefon verlieren. Sie werden nur jetzt angezeigt.',
    continue: 'Weiter',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type LoginError = 'invalid' | 'disabled' | 'demoRefused';
export type NewPasswordError = 'mismatch' | 'samePassword' | 'tooShort' | 'tooLong' | 'containsUsername' | 'tooSimple';

const isLocale = (tag: string): tag is Locale => (LOCALES as readonly string[]).includes(tag);
const primary = (tag: string): string => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The page language: the first supported tag of `ui_locales` (space separated, in order of
 * preference), else the best supported `Accept-Language` entry by q-value, else English.
 */
export function pickLocale(uiLocales?: string, acceptLanguage?: string): Locale {
  for (const tag of (uiLocales ?? '').split(/\s+/)) {
    const lang = primary(tag);
    if (isLocale(lang)) return lang;
  }
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: primary(tag), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && isLocale(entry.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranked[0]?.lang;
  return best !== undefined && isLocale(best) ? best : DEFAULT_LOCALE;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const STYLE = `
:root{color-scheme:light dark;--primary:#336699;--bg:#f5f7fa;--card:#fff;--text:#1c2127;--muted:#5f6b7c;--border:#c5cbd3;--error-bg:#fdecea;--error:#a82a2a}
@media (prefers-color-scheme:dark){:root{--primary:#6a9fd4;--bg:#1c2127;--card:#252a31;--text:#f6f7f9;--muted:#abb3bf;--border:#404854;--error-bg:#4a1f1f;--error:#ffa3a3}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:380px;padding:32px;margin:16px;background:var(--card);border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.15);border-top:4px solid #336699}
.brand{margin:0;font-size:1.75rem;font-weight:700;color:var(--primary);letter-spacing:.02em}
.slogan{margin:0 0 24px;color:var(--muted);font-style:italic}
h2{font-size:1.15rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:10px 12px;font:inherit;color:var(--text);background:var(--bg);border:1px solid var(--border);border-radius:4px}
input:focus{outline:2px solid var(--primary);outline-offset:1px;border-color:var(--primary)}
button{width:100%;margin-top:24px;padding:11px;font:inherit;font-weight:600;color:#fff;background:#336699;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#2b5782}button:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.rule{margin:4px 0 0;font-size:.875rem;color:var(--muted)}
.error p{margin:0}
.error{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:var(--error-bg);color:var(--error)}
.qr{width:200px;margin:0 auto 8px;background:#fff;padding:8px;border-radius:4px}.qr svg{display:block;width:100%;height:auto}
code{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
.codes{columns:2;padding-left:20px}
`;

export interface PageFrame {
  locale: Locale;
  brandShort: string;
  slogan: string;
  title: string;
  body: string;
}

/** The branded frame of the provider's pages (also the e-mail confirmation page): `body` is trusted HTML. */
export function page({ locale, brandShort, slogan, title, body }: PageFrame): string {
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(brandShort)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1 class="brand">${escapeHtml(brandShort)}</h1>
<p class="slogan">${escapeHtml(slogan)}</p>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  locale: Locale;
  brandShort: string;
  slogan: string;
  /** Where the form posts to (the interaction's login URL). */
  action: string;
  /** Pre-filled username (after a failed attempt or from login_hint). */
  username?: string;
  error?: LoginError;
}

export function renderLoginPage(options: LoginPageOptions): string {
  const t = LOGIN_TEXTS[options.locale];
  const error = options.error ? `<p class="error" role="alert" id="login-error">${escapeHtml(t[options.error])}</p>` : '';
  const described = options.error ? ' aria-describedby="login-error"' : '';
  const username = options.username ?? '';
  const body = `<h2>${escapeHtml(t.title)}</h2>
${error}<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="username">${escapeHtml(t.username)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${described}${username ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${username ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>`;
  return page({ locale: options.locale, brandShort: options.brandShort, slogan: options.slogan, title: t.title, body });
}

export interface NewPasswordPageOptions {
  locale: Locale;
  brandShort: string;
  slogan: string;
  action: string;
  username: string;
  errors: NewPasswordError[];
}

/** After a one-time password: the user chooses their own (twice) before the login completes. */
export function renderNewPasswordPage(options: NewPasswordPageOptions): string {
  const t = LOGIN_TEXTS[options.locale];
  const errors = options.errors.length
    ? `<div class="error" role="alert" id="password-error">${options.errors.map((e) => `<p>${escapeHtml(t[e])}</p>`).join('')}</div>`
    : '';
  const described = ` aria-describedby="password-rule${options.errors.length ? ' password-error' : ''}"`;
  const body = `<h2>${escapeHtml(t.newPasswordTitle)}</h2>
<p>${escapeHtml(t.newPasswordIntro)}</p>
${errors}<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="text" name="username" autocomplete="username" value="${escapeHtml(options.username)}" hidden readonly>
<label for="new-password">${escapeHtml(t.newPassword)}</label>
<input id="new-password" name="newPassword" type="password" autocomplete="new-password" required autofocus${described}>
<p class="rule" id="password-rule">${escapeHtml(t.rule)}</p>
<label for="repeat-password">${escapeHtml(t.repeatPassword)}</label>
<input id="repeat-password" name="repeatPassword" type="password" autocomplete="new-password" required${described}>
<button type="submit">${escapeHtml(t.savePassword)}</button>
</form>`;
  return page({ locale: options.locale, brandShort: options.brandShort, slogan: options.slogan, title: t.newPasswordTitle, body });
}

export type SecondFactorError = 'otpInvalid' | 'otpReplayed' | 'keyInvalid';

/** Where the login page's scripts are served (same origin as the page: `script-src 'self'`). */
export const WEBAUTHN_SCRIPTS = ['assets/webauthn-browser.js', 'assets/webauthn-login.js'] as const;

export interface SecondFactorPageOptions {
  locale: Locale;
  brandShort: string;
  slogan: string;
  /** Where a code is posted; null when the user has no authenticator app. */
  action: string | null;
  /** A security key step: the WebAuthn request options and where the answer is posted. */
  securityKey: { options: unknown; action: string; scriptBase: string } | null;
  error?: SecondFactorError;
}

/**
 * The second step of a login: a security key (WebAuthn, started by a button: the page's one script
 * reads the options from a data block and posts the answer) and/or a code from the authenticator app
 * or a recovery code.
 */
export function renderSecondFactorPage(options: SecondFactorPageOptions): string {
  const t = LOGIN_TEXTS[options.locale];
  const error = options.error ? `<p class="error" role="alert" id="otp-error">${escapeHtml(t[options.error])}</p>` : '';
  const key = options.securityKey;
  const keyPart = key
    ? `<p>${escapeHtml(t.keyIntro)}</p>
<script id="webauthn-options" type="application/json">${JSON.stringify(key.options).replace(/</g, '\\u003c')}</script>
<form method="post" action="${escapeHtml(key.action)}" id="webauthn-form"><input type="hidden" name="response" value=""></form>
<p class="error" role="alert" id="webauthn-failed" hidden>${escapeHtml(t.keyFailed)}</p>
<button type="button" id="webauthn-start">${escapeHtml(t.keyUse)}</button>
${WEBAUTHN_SCRIPTS.map((src) => `<script src="${escapeHtml(`${key.scriptBase}/${src}`)}"></script>`).join('\n')}`
    : '';
  const codePart = options.action
    ? `${key ? `<p class="rule">${escapeHtml(t.keyOrCode)}</p>` : `<p>${escapeHtml(t.otpIntro)}</p>`}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="otp">${escapeHtml(t.otpCode)}</label>
<input id="otp" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required${key ? '' : ' autofocus'} maxlength="20"${options.error ? ' aria-describedby="otp-error"' : ''}>
<button type="submit">${escapeHtml(t.otpSubmit)}</button>
</form>`
    : '';
  const body = `<h2>${escapeHtml(t.otpTitle)}</h2>
${error}${keyPart}
${codePart}`;
  return page({ locale: options.locale, brandShort: options.brandShort, slogan: options.slogan, title: t.otpTitle, body });
}

/** The login page's script for the security key step (served as a file: the page allows no inline script). */
export const WEBAUTHN_LOGIN_SCRIPT = `(function () {
  var start = document.getElementById('webauthn-start');
  var form = document.getElementById('webauthn-form');
  var failed = document.getElementById('webauthn-failed');
  var options = JSON.parse(document.getElementById('webauthn-options').textContent);
  start.addEventListener('click', function () {
    failed.hidden = true;
    start.disabled = true;
    SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: options }).then(function (answer) {
      form.elements.response.value = JSON.stringify(answer);
      form.submit();
    }, function () {
      failed.hidden = false;
      start.disabled = false;
    });
  });
})();
`;

/** The form asking for a code from the authenticator app (or a recovery code), with its error. */
function codeForm(locale: Locale, action: string, submit: string, error: 'otpInvalid' | 'otpReplayed' | undefined): string {
  const t = LOGIN_TEXTS[locale];
  const alert = error ? `<p class="error" role="alert" id="otp-error">${escapeHtml(t[error])}</p>` : '';
  return `${alert}<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="otp">${escapeHtml(t.otpCode)}</label>
<input id="otp" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required autofocus maxlength="20"${error ? ' aria-describedby="otp-error"' : ''}>
<button type="submit">${escapeHtml(submit)}</button>
</form>`;
}

export interface TotpSetupPageOptions {
  locale: Locale;
  brandShort: string;
  slogan: string;
  action: string;
  /** The QR code of the otpauth URI as inline SVG (made by the qrcode library: paths only, no text). */
  qrSvg: string;
  secret: string;
  error?: 'otpInvalid';
}

/** The login of a user whose administrator requires a second factor they have not set up: set it up now. */
export function renderTotpSetupPage(options: TotpSetupPageOptions): string {
  const t = LOGIN_TEXTS[options.locale];
  const body = `<h2>${escapeHtml(t.totpRequiredTitle)}</h2>
<p>${escapeHtml(t.totpRequiredIntro)}</p>
<div class="qr" role="img" aria-label="QR code">${options.qrSvg}</div>
<p>${escapeHtml(t.totpKey)}: <code id="totp-key">${escapeHtml(options.secret)}</code></p>
${codeForm(options.locale, options.action, t.totpSetupSubmit, options.error)}`;
  return page({ locale: options.locale, brandShort: options.brandShort, slogan: options.slogan, title: t.totpRequiredTitle, body });
}

/** After setting up the second factor during a login: the ten recovery codes, once, then on to the portal. */
export function renderRecoveryCodesPage(options: { locale: Locale; brandShort: string; slogan: string; action: string; codes: readonly string[] }): string {
  const t = LOGIN_TEXTS[options.locale];
  const body = `<h2>${escapeHtml(t.recoveryTitle)}</h2>
<p>${escapeHtml(t.recoveryIntro)}</p>
<ul class="codes">${options.codes.map((c) => `<li><code>${escapeHtml(c)}</code></li>`).join('')}</ul>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<button type="submit">${escapeHtml(t.continue)}</button>
</form>`;
  return page({ locale: options.locale, brandShort: options.brandShort, slogan: options.slogan, title: t.recoveryTitle, body });
}

/** A simple branded message page (expired interaction, provider errors). */
export function renderMessagePage(options: { locale: Locale; brandShort: string; slogan: string; title: string; message: string }): string {
  const body = `<h2>${escapeHtml(options.title)}</h2>\n<p class="error" role="alert">${escapeHtml(options.message)}</p>`;
  return page({ ...options, body });
}
