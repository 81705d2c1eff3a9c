import { isPortalHost, misdirectedPage, portalOrigins } from './portal-origins';

describe('the addresses a portal answers on', () => {
  it('accepts every loopback address when PUBLIC_URL is one', () => {
    expect(portalOrigins('http://localhost:3030')).toEqual(['http://localhost:3030', 'http://127.0.0.1:3030', 'http://[::1]:3030']);
    expect(isPortalHost('http://localhost:3030', '127.0.0.1:3030')).toBe(true);
    expect(isPortalHost('http://localhost:3030', '[::1]:3030')).toBe(true);
    expect(isPortalHost('http://localhost:3030', 'localhost:3031')).toBe(false);
  });

  it('accepts only its own host otherwise, and tells which variable to set', () => {
    expect(portalOrigins('https://portal.example')).toEqual(['https://portal.example']);
    expect(isPortalHost('https://portal.example', 'portal.example')).toBe(true);
    expect(isPortalHost('http://localhost:3030', '192.0.2.7:3030')).toBe(false);
    const page = misdirectedPage('http://localhost:3030', '192.0.2.7:3030');
    expect(page).toContain('PUBLIC_URL=http://192.0.2.7:3030');
    expect(page).toContain('http://localhost:3030/');
  });
});
