import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const templates = process.env.PORTAL_TEST_TEMPLATES;
  if (templates) rmSync(templates, { recursive: true, force: true });
}
