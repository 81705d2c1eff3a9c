import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { offLoop } from './off-loop';

/**
 * Uploads and imports are parsed off the event loop: a 20 MB file of each kind is read by the compiled worker
 * (apps/api/dist, built before the integration specs) while this thread's event loop keeps answering.
 */
jest.setTimeout(180_000);

const DIST = join(__dirname, '../../dist');
const MB20 = 20 * 1024 * 1024;
const repeatTo = (head: string, line: (i: number) => string): Buffer => {
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < MB20; i++) {
    const next = line(i);
    parts.push(next);
    size += next.length;
  }
  return Buffer.from(parts.join(''), 'utf8');
};
const taxId = (i: number) => String(100_000_000 + i).padStart(9, '0');

const KINDS: Array<[string, string, () => unknown, (value: unknown) => void]> = [
  [
    'a FON quota file (CSV)',
    'features/fon/imports/fon-parse-worker.js',
    () => ({
      source: 'fon-file',
      taxYear: 2025,
      bytes: repeatTo(
        'Steuernummer;Name;Finanzamt;Veranlagungsjahr;Erklärungsart;Quotenrelevant;Betriebliche Einkünfte;Abgabedatum;Eingangsdatum\r\n',
        (i) => `${taxId(i)};Muster ${i} GmbH;Linz;2025;KSt;ja;nein;15.10.2026;16.10.2026\r\n`,
      ),
    }),
    (value) => expect((value as { rows: number; records: unknown[] }).records.length).toBeGreaterThan(200_000),
  ],
  [
    'an NTCS client export',
    'features/fon/imports/fon-parse-worker.js',
    () => ({
      source: 'ntcs',
      taxYear: 2025,
      bytes: repeatTo(
        'PersNr;Name;Steuernummer;Erklärungsart;Veranlagungsjahr;Abgabedatum;Zuständig;Mandant\n',
        (i) => `${10_000 + i};Muster ${i} GmbH;${taxId(i)};KSt;2025;15.10.2026;Anna Berger;1001\n`,
      ),
    }),
    (value) => expect((value as { rows: number }).rows).toBeGreaterThan(100_000),
  ],
  [
    'an SV statement (CSV)',
    'features/sv-tool/statement-parse-worker.js',
    () => ({
      bytes: repeatTo(
        'Kontonummer;Buchungsdatum;Wertstellungsdatum;Buchungstext;Beitragszeitraum;Soll;Haben;Buchungszustand\r\n',
        (i) => `123456;31.01.2025;31.01.2025;Beiträge ${i};01/2025;1.234,56;;\r\n`,
      ),
    }),
    (value) => expect((value as { lines: unknown[] }).lines.length).toBeGreaterThan(200_000),
  ],
];

// Bank statements are read in their own worker (libs/bank-statements); their spec polls /health during a 20 MB import.

describe('parsing uploads off the event loop', () => {
  it.each(KINDS)('reads %s of 20 MB in a worker while the event loop keeps answering (p99 delay under 50 ms)', async (_label, worker, input, check) => {
    const file = join(DIST, worker);
    if (!existsSync(file)) throw new Error(`${file} is missing: build the server first (npm run build:server).`);
    const data = input();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const value = await offLoop(file, data, () => {
      throw new Error('the worker was not used');
    });
    delay.disable();
    check(value);
    // The 50 ms goal holds for a machine of its own; where other work loads the cores, the event loop lags with
    // nothing to do too, and the spec checks what parsing on it would break: no stall of a large part of a second.
    const p99 = delay.percentile(99) / 1e6;
    if (loadavg()[0]! <= cpus().length) expect(p99).toBeLessThan(50);
    else
      console.log(
        `load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores: event-loop delay p99 ${p99.toFixed(1)} ms, the 50 ms goal is checked on a quiet machine only`,
      );
    expect(p99).toBeLessThan(250);
  });
});
