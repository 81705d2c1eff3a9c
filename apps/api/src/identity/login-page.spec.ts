import { pickLocale, renderLoginPage, renderMessagePage } from './login-page';

const base = { brandShort: 'TaxPortal', slogan: 'independent, competent, reliable.', action: '/oidc/interaction/abc/login' };

describe('login page language', () => {
  it('defaults to English', () => {
    expect(pickLocale()).toBe('en');
    expect(pickLocale('', '')).toBe('en');
    expect(pickLocale(undefined, 'fr-FR,fr;q=0.9')).toBe('en');
  });

  it('follows ui_locales first, in order of preference', () => {
    expect(pickLocale('fr de-AT en', 'en')).toBe('de');
    expect(pickLocale('en', 'de')).toBe('en');
  });

  it('falls back to the best supported Accept-Language entry', () => {
    expect(pickLocale(undefined, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(pickLocale(undefined, 'fr;q=1, en;q=0.5, de;q=0.7')).toBe('de');
    expect(pickLocale(undefined, 'de;q=0, en;q=0.1')).toBe('en');
  });
});

describe('login page', () => {
  it('shows brand, slogan and an accessible form with username and password', () => {
    const html = renderLoginPage({ ...base, locale: 'en' });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('TaxPortal');
    expect(html).toContain('independent, competent, reliable.');
    expect(html).toContain('<form method="post" action="/oidc/interaction/abc/login"');
    expect(html).toMatch(/<label for="username">Username<\/label>\s*<input id="username" name="username"/);
    expect(html).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).not.toContain('role="alert"');
  });

  it('speaks German', () => {
    const html = renderLoginPage({ ...base, slogan: 'unabhängig, kompetent, zuverlässig.', locale: 'de', error: 'invalid' });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<button type="submit">Anmelden</button>');
    expect(html).toContain('Benutzername');
    expect(html).toContain('Ungültiger Benutzername oder Passwort.');
  });

  it('announces a failed login and keeps the username', () => {
    const html = renderLoginPage({ ...base, locale: 'en', error: 'invalid', username: 'client1' });
    expect(html).toContain('<p class="error" role="alert" id="login-error">Invalid username or password.</p>');
    expect(html).toContain('value="client1"');
    expect(html).toContain('aria-describedby="login-error"');
  });

  it('tells a disabled user clearly that the account is disabled', () => {
    expect(renderLoginPage({ ...base, locale: 'en', error: 'disabled' })).toContain('This account is disabled.');
  });

  it('uses the primary colour, follows the system colour scheme and loads nothing external', () => {
    const html = renderLoginPage({ ...base, locale: 'en' });
    expect(html).toContain('#336699');
    expect(html).toContain('prefers-color-scheme:dark');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<link|<script|@import/);
  });

  it('escapes everything it echoes', () => {
    const html = renderLoginPage({ ...base, locale: 'en', username: '"><script>alert(1)</script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('renders a branded message page', () => {
    const html = renderMessagePage({ locale: 'de', brandShort: 'TaxPortal', slogan: 's', title: 'Fehler', message: '<b>x</b>' });
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('lang="de"');
  });
});
