import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { screen } from './routes';

const page = (component: Parameters<typeof createElement>[0]) => renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(component)));

describe('a route screen loaded lazily', () => {
  it('shows the fallback while its code has not been asked for', () => {
    const { component } = screen(async () => ({ default: () => 'the screen' }));
    const html = page(component);
    expect(html).toContain('loading');
    expect(html).not.toContain('the screen');
  });

  it('renders at once, without suspending, once its preload has brought the code', async () => {
    const { component, preload } = screen(async () => ({ default: () => 'the screen' }));
    await preload();
    const html = page(component);
    expect(html).toContain('the screen');
    expect(html).not.toContain('loading');
  });
});
