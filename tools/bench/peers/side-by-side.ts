import type { Figure } from '../items';
import { spread } from '../stats';

/** One measured quantity of a comparison: its name, unit, and whether more is better. */
export interface Measure {
  name: string;
  unit: string;
  higherIsBetter: boolean;
}

export interface Sides {
  ours: Record<string, number>;
  peer: Record<string, number>;
}

/**
 * Runs the product and the peer alternately (ours, peer, ours, peer ...; the first run of each side is
 * kept, no warm-up is thrown away) and returns per measure a row for ours, one for the peer and the
 * ratio of the medians, written so that a ratio above 1 means ours is better.
 */
export async function sideBySide(
  options: { item: number; peer: string; runs: number; measures: readonly Measure[]; dataset: string; log(line: string): void },
  run: (side: 'ours' | 'peer', index: number) => Promise<Record<string, number>>,
): Promise<Figure[]> {
  const ours: Array<Record<string, number>> = [];
  const peer: Array<Record<string, number>> = [];
  for (let r = 0; r < options.runs; r++) {
    for (const side of r % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const)) {
      const values = await run(side, r);
      (side === 'ours' ? ours : peer).push(values);
      options.log(
        `${options.peer} run ${r + 1} ${side}: ${Object.entries(values)
          .map(([k, v]) => `${k} ${v.toFixed(v >= 100 ? 0 : 3)}`)
          .join(', ')}`,
      );
    }
  }
  return options.measures.flatMap((m): Figure[] => {
    const a = spread(ours.map((v) => v[m.name]!));
    const b = spread(peer.map((v) => v[m.name]!));
    const ratio = m.higherIsBetter ? a.median / b.median : b.median / a.median;
    return [
      { item: options.item, name: `${m.name}: ours`, unit: m.unit, runs: a.runs, dataset: options.dataset },
      { item: options.item, name: `${m.name}: ${options.peer}`, unit: m.unit, runs: b.runs, dataset: options.dataset },
      {
        item: options.item,
        name: `${m.name}: ours vs ${options.peer} (ratio of medians, > 1 = ours better)`,
        unit: 'x',
        runs: [ratio],
        dataset: options.dataset,
      },
    ];
  });
}

/** A comparison whose peer is not installed: one row that says so and how to install it. */
export function skipped(item: number, peer: string, reason: string): Figure[] {
  return [{ item, name: `ours vs ${peer}`, unit: '-', runs: [], dataset: '-', pending: `skipped: ${reason}` }];
}
