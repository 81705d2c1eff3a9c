import { makeRoot, portalSocket, user } from '../test-support/fixtures';

describe('RootStore', () => {
  it('creates a fresh set of stores each time', () => {
    const a = makeRoot().root;
    const b = makeRoot().root;
    expect(a.session).not.toBe(b.session);
  });

  it('starts: authenticates, applies the user locale, loads config and companies, starts both loops', async () => {
    const { root, clock } = makeRoot({ socket: portalSocket({ user: user({ locale: 'de' }) }) });
    await root.start('token-1');
    expect(root.session.isAuthenticated).toBe(true);
    expect(root.ui.locale).toBe('de');
    expect(root.config.loaded).toBe(true);
    expect(root.company.loaded).toBe(true);
    expect(root.company.documentCategories).toHaveLength(1);
    expect(clock.timers.size).toBe(2);
    root.stop();
    expect(clock.timers.size).toBe(0);
  });

  it('shows a red snackbar when the companies cannot be loaded', async () => {
    const socket = portalSocket().handle('find', 'accounting-client', () => {
      throw { name: 'GeneralError', message: 'Database down', code: 500, className: 'general-error' };
    });
    const { root } = makeRoot({ socket });
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await root.start('token-1');
    err.mockRestore();
    expect(root.ui.snackbars).toEqual([expect.objectContaining({ kind: 'error', message: 'Database down' })]);
    root.stop();
  });
});
