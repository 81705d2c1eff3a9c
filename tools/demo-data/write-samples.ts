/** Writes a few demo invoices plus their expected values to a folder, for eyeballing: node tools/dist/demo-data/write-samples.js <folder> [count] */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateDemoInvoices } from '@portal/demo-data';

async function main(): Promise<void> {
  const [folder, countArg] = process.argv.slice(2);
  if (!folder) {
    process.stderr.write('usage: write-samples <folder> [count]\n');
    process.exitCode = 2;
    return;
  }
  await mkdir(folder, { recursive: true });
  const started = performance.now();
  const invoices = await generateDemoInvoices({
    companyNo: 1001,
    companyName: 'Alpenblick Gastronomie GmbH',
    companyPlace: 'Innsbruck',
    count: Number(countArg ?? 12),
    seed: 42,
    today: new Date(),
  });
  const ms = performance.now() - started;
  for (const invoice of invoices) {
    await writeFile(path.join(folder, invoice.fileName), invoice.bytes);
    await writeFile(
      path.join(folder, invoice.fileName.replace(/\.pdf$/, '.expected.json')),
      `${JSON.stringify({ kind: invoice.kind, direction: invoice.direction, language: invoice.language, ...invoice.expected }, null, 2)}\n`,
    );
  }
  process.stdout.write(`${invoices.length} invoices written to ${folder} in ${ms.toFixed(0)} ms\n`);
  for (const invoice of invoices)
    process.stdout.write(
      `  ${invoice.kind.padEnd(8)} ${invoice.language} ${invoice.direction.padEnd(8)} ${invoice.fileName} (${(invoice.bytes.length / 1024).toFixed(0)} KiB)\n`,
    );
}

void main();
