import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountView } from '@portal/contracts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { connectFeathers } from '@portal/tools';
import { authorizeAtPortal, finishPortalLogin, loginAtPortal, refreshAtPortal, type PortalTokens } from '@portal/tools';
import { totpAt } from '../../identity/totp';
import { eventually, PortalSession } from '@portal/tools';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';

const session = PortalSession.start();

async function signedInWith(tokens: PortalTokens) {
  const peer = connectFeathers(session.url);
  await peer.app.authenticate({ strategy: 'jwt', accessToken: tokens.access_token });
  return peer;
}

describe('the personal account', () => {
  it('lists the signed-in devices, marks this one, and signs out another one at once (provider session, refresh and live connection)', async () => {
    const laptop = await loginAtPortal(session.url, 'clerk', 'clerk');
    const phone = await loginAtPortal(session.url, 'clerk', 'clerk');
    const here = await signedInWith(laptop);
    const there = await signedInWith(phone);
    const account = (await here.app.service('account').get('me')) as AccountView;
    expect(account).toMatchObject({ username: 'clerk', provider: 'embedded', email: 'l.wimmer@huber-partner.example' });
    expect(account.devices).toHaveLength(2);
    expect(account.devices.filter((d) => d.current)).toHaveLength(1);
    const other = account.devices.find((d) => !d.current)!;
    await expect(here.app.service('account').remove(account.devices.find((d) => d.current)!.id)).rejects.toMatchObject({ name: 'BadRequest' });

    const disconnected = new Promise<void>((resolve) => there.socket.once('disconnect', () => resolve()));
    const after = (await here.app.service('account').remove(other.id)) as AccountView;
    expect(after.devices.map((d) => d.id)).toEqual([account.devices.find((d) => d.current)!.id]);
    expect((await refreshAtPortal(session.url, phone.refresh_token)).status).toBe(400);
    await Promise.race([
      disconnected,
      there.app
        .service('account')
        .get('me')
        .then(
          () => Promise.reject(new Error('still signed in')),
          () => undefined,
        ),
    ]);
    expect((await refreshAtPortal(session.url, laptop.refresh_token)).status).toBe(200);
    // The signed-out device's access token is not expired yet, but names an ended session: refused everywhere.
    const late = connectFeathers(session.url);
    await expect(late.app.authenticate({ strategy: 'jwt', accessToken: phone.access_token })).rejects.toMatchObject({
      name: 'NotAuthenticated',
      message: 'The session has ended; sign in again.',
    });
    late.close();
    expect((await fetch(`${session.url}/api/documents/1/file`, { headers: { authorization: `Bearer ${phone.access_token}` } })).status).toBe(401);
    expect((await fetch(`${session.url}/api/documents/1/file`, { headers: { authorization: `Bearer ${laptop.access_token}` } })).status).toBe(404);
    here.close();
    there.close();
  }, 120_000);

  it('changes the personal details and refuses a phone number that is none', async () => {
    const client = await session.signedIn('approver');
    const changed = (await client.app.service('account').patch('me', { firstName: 'Sabine', lastName: 'Koch-Berger', telNr: '+43 662 123456' })) as AccountView;
    expect(changed).toMatchObject({ firstName: 'Sabine', lastName: 'Koch-Berger', telNr: '+43 662 123456' });
    await expect(client.app.service('account').patch('me', { firstName: 'S', lastName: 'K', telNr: 'ring me' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'Invalid phone number',
    });
    await expect(client.app.service('account').patch('me', { firstName: 'S', lastName: 'K', telNr: '1', extra: true })).rejects.toMatchObject({
      name: 'BadRequest',
    });
    await expect(client.app.service('account').get('someone-else')).rejects.toMatchObject({ name: 'NotFound' });
    expect(((await client.app.service('account').get('me')) as AccountView).lastName).toBe('Koch-Berger');
  }, 60_000);

  it('changes the password with the current one, by the rule, and signs out every other device', async () => {
    const first = await loginAtPortal(session.url, 'auditor', 'auditor');
    const second = await loginAtPortal(session.url, 'auditor', 'auditor');
    const here = await signedInWith(first);
    const account = here.app.service('account');
    await expect(account.patch('me', { currentPassword: 'wrong', newPassword: 'Prüfung 2026 ok' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: 'The current password is not correct.',
    });
    await expect(account.patch('me', { currentPassword: 'auditor', newPassword: 'short' })).rejects.toMatchObject({
      name: 'Unprocessable',
      message: expect.stringContaining('at least 10 characters'),
    });
    const changed = (await account.patch('me', { currentPassword: 'auditor', newPassword: 'Prüfung 2026 ok' })) as AccountView;
    expect(changed.passwordChangedAt).toEqual(expect.any(String));
    expect(changed.devices.map((d) => d.current)).toEqual([true]);
    expect((await refreshAtPortal(session.url, second.refresh_token)).status).toBe(400);
    expect((await refreshAtPortal(session.url, first.refresh_token)).status).toBe(200);
    await expect(loginAtPortal(session.url, 'auditor', 'auditor')).rejects.toThrow(/401/);
    await expect(loginAtPortal(session.url, 'auditor', 'Prüfung 2026 ok')).resolves.toMatchObject({ access_token: expect.any(String) });
    here.close();
  }, 120_000);

  it('sets up TOTP with a code, asks for it after the password, refuses a replayed code, takes a recovery code once, and turns off with a code', async () => {
    const client = await session.signedIn('client1');
    const account = client.app.service('account');
    const started = (await account.patch('me', { totp: 'begin' })) as AccountView;
    expect(started.totp).toBe(false);
    const setup = started.totpSetup!;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect(account.patch('me', { totp: 'confirm', code: '000000' })).rejects.toMatchObject({ name: 'Unprocessable' });
    const confirmed = (await account.patch('me', { totp: 'confirm', code: totpAt(setup.secret, Date.now()) })) as AccountView;
    expect(confirmed.totp).toBe(true);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(((await account.get('me')) as AccountView).recoveryCodes).toBeUndefined();

    // The login now asks for the code after the password.
    const auth = await authorizeAtPortal(session.url);
    const afterPassword = await auth.browser.post(auth.loginAction, { username: 'client1', password: 'client1' });
    expect(afterPassword.status).toBe(200);
    const page = await afterPassword.text();
    expect(page).toContain('Two-step verification');
    const otpAction = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
    // The code used to confirm the set-up is spent: the next period's code is taken (one step of drift is allowed).
    const wrong = await auth.browser.post(otpAction, { code: '123456' });
    expect(wrong.status).toBe(401);
    let code = totpAt(setup.secret, Date.now());
    const replayed = await auth.browser.post(otpAction, { code });
    if (replayed.status === 401) {
      expect(await replayed.text()).toContain('already used');
      code = totpAt(setup.secret, Date.now() + 30_000);
      const tokens = await finishPortalLogin(session.url, auth, await auth.browser.post(otpAction, { code }));
      expect(tokens.access_token).toEqual(expect.any(String));
    } else {
      expect((await finishPortalLogin(session.url, auth, replayed)).access_token).toEqual(expect.any(String));
    }
    const again = await authorizeAtPortal(session.url);
    const otpPage = await (await again.browser.post(again.loginAction, { username: 'client1', password: 'client1' })).text();
    const againAction = /<form method="post" action="([^"]+)"/.exec(otpPage)?.[1] ?? '';
    const reused = await again.browser.post(againAction, { code });
    expect(await reused.text()).toContain('already used');

    // A recovery code works once.
    const recovery = confirmed.recoveryCodes![0]!;
    const byRecovery = await finishPortalLogin(session.url, again, await again.browser.post(againAction, { code: recovery.toUpperCase() }));
    expect(byRecovery.access_token).toEqual(expect.any(String));
    const third = await authorizeAtPortal(session.url);
    const thirdAction =
      /<form method="post" action="([^"]+)"/.exec(
        await (await third.browser.post(third.loginAction, { username: 'client1', password: 'client1' })).text(),
      )?.[1] ?? '';
    expect((await third.browser.post(thirdAction, { code: recovery })).status).toBe(401);
    expect(((await account.get('me')) as AccountView).recoveryCodesLeft).toBe(9);

    await expect(account.patch('me', { totp: 'disable', code: '000000' })).rejects.toMatchObject({ name: 'Unprocessable' });
    const off = (await account.patch('me', { totp: 'disable', code: confirmed.recoveryCodes![1]! })) as AccountView;
    expect(off.totp).toBe(false);
    await expect(loginAtPortal(session.url, 'client1', 'client1')).resolves.toMatchObject({ access_token: expect.any(String) });
  }, 180_000);

  it('chooses the language as a command: the account, the next sign-in and a bad choice that changes nothing', async () => {
    const client = await session.signedIn('accountant');
    const account = client.app.service('account');
    expect(((await account.patch('me', { locale: 'en' })) as AccountView).locale).toBe('en');
    await expect(account.patch('me', { locale: 'fr' })).rejects.toMatchObject({ name: 'BadRequest' });
    const next = session.connect();
    const signedIn = (await next.app.authenticate({ strategy: 'jwt', accessToken: await session.token('accountant') })) as { user: { locale: string } };
    expect(signedIn.user.locale).toBe('en');
    expect(((await account.patch('me', { locale: 'de' })) as AccountView).locale).toBe('de');
  }, 60_000);

  it('changes the e-mail address only through the link sent to the new one (outbox without SMTP_URL), once', async () => {
    const client = await session.signedIn('accountant');
    const account = client.app.service('account');
    await expect(account.patch('me', { email: 'no address' })).rejects.toMatchObject({ name: 'Unprocessable', message: 'Invalid e-mail address' });
    await expect(account.patch('me', { email: 'a.berger@huber-partner.example' })).rejects.toMatchObject({ name: 'Unprocessable' });
    const requested = (await account.patch('me', { email: 'anna.berger@kanzlei.example' })) as AccountView;
    expect(requested).toMatchObject({ email: 'a.berger@huber-partner.example', pendingEmail: 'anna.berger@kanzlei.example' });

    const outbox = join(session.portal.dataDir, 'outbox');
    const mail = readFileSync(
      join(
        outbox,
        readdirSync(outbox).find((f) => f.includes('anna.berger@kanzlei.example'))!,
      ),
      'utf8',
    );
    expect(mail).toContain('To: anna.berger@kanzlei.example');
    // Quoted-printable may wrap the long link: unwrap soft line breaks first.
    const link = /https?:\/\/\S+email-confirmation\?token=[\w.-]+/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[0] ?? '';
    expect(link).toContain(session.url);
    // The log names the written mail too; its line may reach the output a moment after the answer.
    await eventually(async () => (session.portal.output().includes('anna.berger@kanzlei.example') ? true : undefined), 10_000);

    // Opening the link changes nothing yet (a mail scanner may follow it); the button does.
    const shown = await fetch(link, { headers: { 'accept-language': 'de' } });
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('anna.berger@kanzlei.example ab jetzt als E-Mail-Adresse');
    expect(((await account.get('me')) as AccountView).email).toBe('a.berger@huber-partner.example');
    const token = new URL(link).searchParams.get('token')!;
    const confirm = () =>
      fetch(`${session.url}/api/account/email-confirmation`, { method: 'POST', body: new URLSearchParams({ token }), headers: { 'accept-language': 'en' } });
    const confirmed = await confirm();
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Your e-mail address is now anna.berger@kanzlei.example.');
    expect((await account.get('me')) as AccountView).toMatchObject({ email: 'anna.berger@kanzlei.example', pendingEmail: null });
    expect((await confirm()).status).toBe(409);
    const forged = await fetch(`${session.url}/api/account/email-confirmation`, {
      method: 'POST',
      body: new URLSearchParams({ token: `${token.slice(0, -4)}AAAA` }),
    });
    expect(forged.status).toBe(400);
  }, 60_000);

  it('registers, renames and removes security keys, and a key is the second factor at the next sign-in', async () => {
    const client = await session.signedIn('admin');
    const account = client.app.service('account');
    const authenticator = new SoftwareAuthenticator(session.url);
    const started = (await account.patch('me', { securityKey: 'options' })) as AccountView;
    const options = started.securityKeyOptions as unknown as PublicKeyCredentialCreationOptionsJSON;
    expect(options).toMatchObject({ rp: { id: 'localhost' }, user: { name: 'admin' } });
    await expect(
      account.patch('me', { securityKey: 'register', label: 'Stolen', response: { ...authenticator.register(options, 'https://evil.example') } }),
    ).rejects.toMatchObject({ name: 'BadRequest' });
    const again = (await account.patch('me', { securityKey: 'options' })).securityKeyOptions as unknown as PublicKeyCredentialCreationOptionsJSON;
    const registered = (await account.patch('me', {
      securityKey: 'register',
      label: 'YubiKey 5',
      response: { ...authenticator.register(again) },
    })) as AccountView;
    expect(registered.securityKeys).toEqual([{ id: authenticator.id, label: 'YubiKey 5', createdAt: expect.any(String), lastUsedAt: null }]);
    const renamed = (await account.patch('me', { securityKey: 'rename', id: authenticator.id, label: 'Blue key' })) as AccountView;
    expect(renamed.securityKeys.map((k) => k.label)).toEqual(['Blue key']);
    await expect(account.patch('me', { securityKey: 'rename', id: 'unknown', label: 'x' })).rejects.toMatchObject({ name: 'NotFound' });
    await expect(account.patch('me', { securityKey: 'rename', id: authenticator.id, label: ' ' })).rejects.toMatchObject({ name: 'Unprocessable' });

    // The login asks for the key after the password; a wrong answer is refused, the key's answer signs in.
    const auth = await authorizeAtPortal(session.url);
    const page = await (await auth.browser.post(auth.loginAction, { username: 'admin', password: 'admin' })).text();
    expect(page).toContain('Use a security key');
    expect(page).not.toContain('name="code"');
    const keyAction = /<form method="post" action="([^"]+)" id="webauthn-form">/.exec(page)![1]!;
    const requestOptions = JSON.parse(
      /<script id="webauthn-options" type="application\/json">(.*?)<\/script>/.exec(page)![1]!,
    ) as PublicKeyCredentialRequestOptionsJSON;
    const stranger = new SoftwareAuthenticator(session.url);
    const refused = await auth.browser.post(keyAction, { response: JSON.stringify(stranger.answer(requestOptions)) });
    expect(refused.status).toBe(401);
    const retry = await refused.text();
    expect(retry).toContain('The security key was not accepted.');
    const freshOptions = JSON.parse(
      /<script id="webauthn-options" type="application\/json">(.*?)<\/script>/.exec(retry)![1]!,
    ) as PublicKeyCredentialRequestOptionsJSON;
    const tokens = await finishPortalLogin(
      session.url,
      auth,
      await auth.browser.post(keyAction, { response: JSON.stringify(authenticator.answer(freshOptions)) }),
    );
    expect(decodeJwtPayload(tokens.access_token).sub).toBe(((await account.get('me')) as AccountView).id);
    expect(((await account.get('me')) as AccountView).securityKeys[0]?.lastUsedAt).toEqual(expect.any(String));
    const scripts = await fetch(`${session.url}/oidc/assets/webauthn-browser.js`);
    expect(scripts.status).toBe(200);
    expect(await scripts.text()).toContain('SimpleWebAuthnBrowser');

    const removed = (await account.patch('me', { securityKey: 'remove', id: authenticator.id })) as AccountView;
    expect(removed.securityKeys).toEqual([]);
    await expect(loginAtPortal(session.url, 'admin', 'admin')).resolves.toMatchObject({ access_token: expect.any(String) });
  }, 120_000);

  it('counts wrong current passwords and codes on the account page like wrong logins: slower, then locked for the account page and the login', async () => {
    const client = await session.signedIn('accountant');
    const account = client.app.service('account');
    const started = Date.now();
    for (let i = 0; i < 10; i++) {
      await expect(account.patch('me', { currentPassword: `guess-${i}`, newPassword: 'Buchhaltung 2026 neu' })).rejects.toMatchObject({
        name: 'Unprocessable',
        message: 'The current password is not correct.',
      });
    }
    // Failures 4 to 10 were answered later and later (0.2 s doubling up to 3 s).
    expect(Date.now() - started).toBeGreaterThan(8000);
    await expect(account.patch('me', { currentPassword: 'accountant', newPassword: 'Buchhaltung 2026 neu' })).rejects.toMatchObject({
      name: 'TooManyRequests',
      message: expect.stringMatching(/^Too many wrong entries\. Try again in \d+ minutes\.$/),
    });
    await expect(account.patch('me', { totp: 'confirm', code: '000000' })).rejects.toMatchObject({ name: 'TooManyRequests' });
    const auth = await authorizeAtPortal(session.url);
    expect((await auth.browser.post(auth.loginAction, { username: 'accountant', password: 'accountant' })).status).toBe(429);
  }, 120_000);

  it('makes a user whose administrator requires 2-factor authentication set it up during the login ("2-factor authentication not set up")', async () => {
    const admin = await session.signedIn('admin');
    const found = (await admin.app.service('users').find({ query: { username: 'approver' } })) as { data: Array<{ id: string }> };
    await admin.app.service('idp-users').patch(found.data[0]!.id, { secondFactorRequired: true });

    const auth = await authorizeAtPortal(session.url);
    const setupPage = await auth.browser.post(auth.loginAction, { username: 'approver', password: 'approver' });
    expect(setupPage.status).toBe(200);
    const html = await setupPage.text();
    expect(html).toContain('2-factor authentication not set up');
    expect(html).toContain('<svg');
    const secret = /<code id="totp-key">([A-Z2-7]+)<\/code>/.exec(html)?.[1] ?? '';
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(secret).not.toBe('');
    const wrong = await auth.browser.post(action, { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('The code is not valid.');
    const codesPage = await auth.browser.post(action, { code: totpAt(secret, Date.now()) });
    expect(codesPage.status).toBe(200);
    const codesHtml = await codesPage.text();
    expect(codesHtml.match(/<li><code>/g)).toHaveLength(10);
    const continueAction = /<form method="post" action="([^"]+)"/.exec(codesHtml)?.[1] ?? '';
    const tokens = await finishPortalLogin(session.url, auth, await auth.browser.post(continueAction, {}));
    expect(tokens.access_token).toEqual(expect.any(String));

    // From now on the login asks for the code, like for anyone who set up an app.
    const next = await authorizeAtPortal(session.url);
    expect(await (await next.browser.post(next.loginAction, { username: 'approver', password: 'approver' })).text()).toContain('Two-step verification');
  }, 120_000);
});

function decodeJwtPayload(token: string): { sub: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
}
