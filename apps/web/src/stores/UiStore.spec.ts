import { makeRoot } from '../test-support/fixtures';
import { DARK_MODE_KEY, snackbarTimeout } from './UiStore';

describe('UiStore', () => {
  it('defaults dark mode to the system preference', () => {
    expect(makeRoot({ prefersDark: true }).root.ui.darkMode).toBe(true);
    expect(makeRoot({ prefersDark: false }).root.ui.darkMode).toBe(false);
  });

  it('prefers the stored dark-mode flag and stores 1 or 0', () => {
    const storage = new Map([[DARK_MODE_KEY, '0']]);
    const { root } = makeRoot({ prefersDark: true, storage });
    expect(root.ui.darkMode).toBe(false);
    root.ui.toggleDarkMode();
    expect(storage.get(DARK_MODE_KEY)).toBe('1');
    root.ui.toggleDarkMode();
    expect(storage.get(DARK_MODE_KEY)).toBe('0');
  });

  it('opens, toggles and closes the drawer', () => {
    const { ui } = makeRoot().root;
    ui.openDrawer();
    expect(ui.drawerOpen).toBe(true);
    ui.toggleDrawer();
    expect(ui.drawerOpen).toBe(false);
  });

  it('falls back to en for unknown locales', () => {
    const { ui } = makeRoot().root;
    ui.setLocale('de');
    expect(ui.locale).toBe('de');
    ui.setLocale('fr');
    expect(ui.locale).toBe('en');
  });

  it('gives snackbars 5000 ms plus 1000 per queued message, at most 10000', () => {
    expect([0, 1, 2, 5, 9].map(snackbarTimeout)).toEqual([5000, 6000, 7000, 10000, 10000]);
    const { ui } = makeRoot().root;
    const first = ui.success('Saved');
    const second = ui.error(new Error('Boom'));
    expect(first).toMatchObject({ kind: 'success', timeout: 5000 });
    expect(second).toMatchObject({ kind: 'error', message: 'Boom', timeout: 6000 });
    ui.dismiss(first.id);
    expect(ui.snackbars.map((s) => s.message)).toEqual(['Boom']);
  });
});
