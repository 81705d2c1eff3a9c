import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * axe-core over the page (or the part `include` selects, without the part `exclude` selects) with the WCAG 2.0/2.1
 * A and AA rules; fails on serious or critical violations, naming them.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string, exclude?: string): Promise<void> {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const result = await builder.analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const described = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(described, 'serious WCAG 2.1 AA violations').toEqual([]);
}

/**
 * Waits until no finite CSS animation or transition runs (a toast sliding in is half transparent, and axe would
 * measure its contrast mid-way); endless ones such as spinners are left alone.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}
