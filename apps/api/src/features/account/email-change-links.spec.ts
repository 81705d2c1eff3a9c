import { EmailChangeLinks } from './email-change-links';

const key = new Uint8Array(32).fill(7);
const links = new EmailChangeLinks(key, 'https://portal.example');
const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

describe('e-mail confirmation links', () => {
  it('names the user and the new address, on the portal, for a day', async () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    const url = await links.create('u-1', 'neu@kanzlei.example', now);
    expect(url).toMatch(/^https:\/\/portal\.example\/api\/account\/email-confirmation\?token=/);
    expect(await links.verify(tokenOf(url), now + 23 * 3600_000)).toEqual({ userId: 'u-1', email: 'neu@kanzlei.example' });
    expect(await links.verify(tokenOf(url), now + 25 * 3600_000)).toBeNull();
  });

  it('refuses a token signed with another key, a changed address and garbage', async () => {
    const url = await links.create('u-1', 'neu@kanzlei.example');
    expect(await new EmailChangeLinks(new Uint8Array(32).fill(8), 'https://portal.example').verify(tokenOf(url))).toBeNull();
    const [head, body, signature] = tokenOf(url).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), email: 'evil@example.com' })).toString('base64url');
    expect(await links.verify(`${head}.${forged}.${signature}`)).toBeNull();
    expect(await links.verify('not-a-token')).toBeNull();
  });
});
