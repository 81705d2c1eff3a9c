/**
 * Benchmark: validation time per invoice (p50, p99) and for 1,000 invoices, over this project's own invoices
 * (2 to 200 lines, UBL and CII) and, when ../shared is present, the KoSIT XRechnung test suite.
 * Goals: p99 ≤ 100 ms per invoice, 1,000 invoices ≤ 20 s.  Run: npm run einvoice:bench
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateEInvoice } from '../src';
import { ciiInvoice, DEFAULT_INVOICE, ublInvoice, type InvoiceSpec } from '../testing/invoices';
import { sharedDir } from '../testing/oracle';

function withLines(n: number): InvoiceSpec {
  const lines = Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    name: `Position ${i + 1}`,
    quantity: '1',
    price: '10.00',
    net: '10.00',
    category: 'S',
    rate: '19',
  }));
  const net = (10 * n).toFixed(2);
  const tax = (1.9 * n).toFixed(2);
  const gross = (11.9 * n).toFixed(2);
  return {
    ...DEFAULT_INVOICE,
    lines,
    vat: [{ category: 'S', rate: '19', taxable: net, tax }],
    lineTotal: net,
    netTotal: net,
    taxTotal: tax,
    grossTotal: gross,
    payable: gross,
  };
}

function corpus(): { name: string; xml: string }[] {
  const own = [2, 20, 200].flatMap((n) => [
    { name: `own UBL, ${n} lines`, xml: n === 2 ? ublInvoice() : ublInvoice(withLines(n)) },
    { name: `own CII, ${n} lines`, xml: n === 2 ? ciiInvoice() : ciiInvoice(withLines(n)) },
  ]);
  const shared = sharedDir();
  const dir = shared && path.join(shared, 'fixtures/e-invoices/xrechnung');
  const kosit =
    dir && existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.xml'))
          .map((f) => ({ name: f, xml: readFileSync(path.join(dir, f), 'utf8') }))
      : [];
  return [...own, ...kosit];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const invoices = corpus();
for (let i = 0; i < 300; i++) validateEInvoice(invoices[i % invoices.length]!.xml); // warm-up: JIT-compile the rules
const times: number[] = [];
const typical: number[] = [];
const started = process.hrtime.bigint();
for (let i = 0; i < 1000; i++) {
  const invoice = invoices[i % invoices.length]!;
  const t = process.hrtime.bigint();
  validateEInvoice(invoice.xml);
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  times.push(ms);
  if (!invoice.name.includes('200 lines')) typical.push(ms);
}
const total = Number(process.hrtime.bigint() - started) / 1e9;
const sorted = [...times].sort((a, b) => a - b);
const p50 = percentile(sorted, 50);
const p99 = percentile(sorted, 99);
const largest = invoices.reduce((a, b) => (b.xml.length > a.xml.length ? b : a));
const t0 = process.hrtime.bigint();
validateEInvoice(largest.xml);
const largestMs = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`,
);
console.log(`e-invoice validation over ${invoices.length} invoices (own 2–200 lines UBL/CII${invoices.length > 6 ? ' + KoSIT XRechnung suite' : ''}):`);
console.log(`  per invoice p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (goal p99 ≤ 100 ms) ${p99 <= 100 ? 'OK' : 'MISSED'}`);
const typicalSorted = [...typical].sort((a, b) => a - b);
console.log(`  without the 200-line invoices: p50 ${percentile(typicalSorted, 50).toFixed(2)} ms, p99 ${percentile(typicalSorted, 99).toFixed(2)} ms`);
console.log(`  1,000 invoices ${total.toFixed(2)} s (goal ≤ 20 s) ${total <= 20 ? 'OK' : 'MISSED'}`);
console.log(`  largest (${largest.name}, ${(largest.xml.length / 1024).toFixed(0)} KiB) ${largestMs.toFixed(2)} ms`);
